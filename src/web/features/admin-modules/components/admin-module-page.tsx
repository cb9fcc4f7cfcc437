import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import Archive from "lucide-react/icons/archive";
import ArchiveRestore from "lucide-react/icons/archive-arrow-up";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ExternalLink from "lucide-react/icons/external-link";
import KeyRound from "lucide-react/icons/key-round";
import Pencil from "lucide-react/icons/pencil";
import { type ReactNode, useState } from "react";
import type { AdminModule } from "#shared/schemas/module.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { formatEstimatedTime, ModuleIcon } from "../../../components/module-icon.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/format-date.ts";
import { adminModuleOptions } from "../api/admin-module-queries.ts";
import { useRotateModuleSecret } from "../hooks/use-module-mutations.ts";
import { AdminExecutions } from "./admin-executions.tsx";
import { AdminLoadError } from "./admin-load-error.tsx";
import { FormSection } from "./form-section.tsx";
import { KindBadge, organizationsLabel, StateBadge } from "./module-badges.tsx";
import { INPUT_TYPE_LABELS } from "./module-inputs-editor.tsx";
import { ModuleNotFound } from "./module-not-found.tsx";
import { useArchiveToggle } from "./use-archive-toggle.tsx";
import { WebhookSecretDialog } from "./webhook-secret-dialog.tsx";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The signing secret's state, and rotating it (the new one is shown once). */
function WebhookSecretState({ module }: { module: AdminModule }) {
  const rotate = useRotateModuleSecret();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // A refusal stays in the dialog (the mutation does not toast it).
  const confirm = async () => {
    const { webhookSecret } = await rotate.mutateAsync({ moduleId: module._id });
    setSecret(webhookSecret);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background/40 px-4 py-3">
      <p className="flex items-center gap-2 text-sm" data-testid="admin-module-secret-state">
        <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
        {module.hasWebhookSecret
          ? "A signing secret is set. It was shown once, when it was made."
          : "No signing secret yet: rotate to make one."}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        data-testid="admin-module-rotate"
      >
        Rotate secret
      </Button>
      {confirming ? (
        <ConfirmDialog
          title="Rotate the signing secret?"
          description="A new secret is made and shown once. The current one stops working at once: runs in flight fail until the automation uses the new one."
          confirmLabel="Rotate secret"
          destructive
          onConfirm={confirm}
          onOpenChange={setConfirming}
          testId="rotate-secret-dialog"
        />
      ) : null}
      {secret ? (
        <WebhookSecretDialog
          secret={secret}
          moduleName={module.name}
          onClose={() => setSecret(null)}
        />
      ) : null}
    </div>
  );
}

function ModuleDetail({ module }: { module: AdminModule }) {
  const toggle = useArchiveToggle();
  const archived = module.archivedAt !== null;
  const runnable = module.isActive && !archived;
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-4">
          <ModuleIcon name={module.icon} className="size-12 [&_svg]:size-6" />
          <div className="min-w-0">
            <h1 className="font-semibold text-2xl tracking-tight" data-testid="admin-module-name">
              {module.name}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StateBadge module={module} />
              <KindBadge kind={module.kind} />
              <span className="font-mono text-muted-foreground text-xs">
                /modules/{module.slug}
              </span>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {runnable ? (
            <Button variant="ghost" asChild>
              <Link to="/modules/$slug" params={{ slug: module.slug }}>
                <ExternalLink aria-hidden="true" />
                Open as a member
              </Link>
            </Button>
          ) : null}
          <Button
            variant="outline"
            onClick={() => toggle.ask(module)}
            data-testid={archived ? "admin-module-restore" : "admin-module-archive"}
          >
            {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
            {archived ? "Restore" : "Archive"}
          </Button>
          <Button asChild>
            <Link
              to="/admin/modules/$moduleId/edit"
              params={{ moduleId: module._id }}
              data-testid="admin-module-edit"
            >
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          <FormSection title="Overview">
            <p className="whitespace-pre-line text-sm">
              {module.description || <span className="text-muted-foreground">No description.</span>}
            </p>
          </FormSection>
          <FormSection title="How it runs">
            {module.kind === "webhook" ? (
              <div className="grid gap-4">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <Detail label="Endpoint URL">
                    <span className="break-all font-mono text-[13px]">
                      {module.endpointUrl ?? "—"}
                    </span>
                  </Detail>
                  <Detail label="n8n workflow id">
                    <span className="font-mono text-[13px]">{module.n8nWorkflowId || "—"}</span>
                  </Detail>
                </dl>
                <WebhookSecretState module={module} />
              </div>
            ) : (
              <div className="grid gap-4">
                <Detail label="Model">
                  {module.modelId ?? "The organization's default model"}
                </Detail>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-muted/40 px-4 py-3 font-mono text-[12.5px] leading-relaxed">
                  {module.promptTemplate}
                </pre>
              </div>
            )}
          </FormSection>
          <FormSection title="Inputs">
            {module.inputs.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                None: a run starts without asking anything.
              </p>
            ) : (
              <ul className="grid gap-2" data-testid="admin-module-inputs">
                {module.inputs.map((input) => (
                  <li
                    key={input.key}
                    className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border bg-background/40 px-4 py-2.5 text-sm"
                  >
                    <span className="font-medium">
                      {input.label}
                      {input.required ? <span className="ml-1 text-destructive">*</span> : null}
                    </span>
                    <span className="font-mono text-muted-foreground text-xs">{`{{${input.key}}}`}</span>
                    <span className="text-muted-foreground text-xs">
                      {INPUT_TYPE_LABELS[input.type]}
                      {input.type === "choice" && input.options
                        ? `: ${input.options.join(", ")}`
                        : ""}
                      {input.type === "documents" && input.maxDocuments
                        ? ` (at most ${input.maxDocuments})`
                        : ""}
                    </span>
                    {input.helpText ? (
                      <span className="basis-full text-muted-foreground text-xs">
                        {input.helpText}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </FormSection>
          <FormSection
            title="Recent executions"
            description="The latest runs in every organization, live."
          >
            <AdminExecutions moduleId={module._id} />
          </FormSection>
        </div>
        <aside className="grid content-start gap-6">
          <FormSection title="Details">
            <dl className="grid gap-4">
              <Detail label="Category">{module.category ?? "Other"}</Detail>
              <Detail label="Estimated time">
                {module.estimatedTimeMinutes
                  ? formatEstimatedTime(module.estimatedTimeMinutes)
                  : "—"}
              </Detail>
              <Detail label="Organizations">
                <span data-testid="admin-module-organizations">{organizationsLabel(module)}</span>
              </Detail>
              <Detail label="Runs">{module.executionCount}</Detail>
              <Detail label="Created">{formatDateTime(module._creationTime)}</Detail>
              <Detail label="Updated">{formatDateTime(module.updatedAt)}</Detail>
              {module.archivedAt ? (
                <Detail label="Archived">{formatDateTime(module.archivedAt)}</Detail>
              ) : null}
            </dl>
          </FormSection>
          <FormSection title="Technical notes">
            <p className="whitespace-pre-line text-sm">
              {module.technicalNotes || <span className="text-muted-foreground">None.</span>}
            </p>
          </FormSection>
        </aside>
      </div>
      {toggle.dialog}
    </>
  );
}

/** /admin/modules/{moduleId}: every field, the secret's state, and recent executions. */
export function AdminModulePage({ moduleId }: { moduleId: string }) {
  const module = useQuery(adminModuleOptions(moduleId));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <Link
        to="/admin/modules"
        className="mb-4 inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Modules
      </Link>
      {module.data === null ? (
        <ModuleNotFound />
      ) : module.data ? (
        <ModuleDetail module={module.data} />
      ) : module.error ? (
        <AdminLoadError error={module.error} retry={() => void module.refetch()} />
      ) : (
        <div className="grid gap-6">
          <Skeleton className="h-12 w-1/2" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      )}
    </div>
  );
}

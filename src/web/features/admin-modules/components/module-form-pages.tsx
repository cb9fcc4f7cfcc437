import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import ChevronLeft from "lucide-react/icons/chevron-left";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { adminModuleOptions } from "../api/admin-module-queries.ts";
import { AdminLoadError } from "./admin-load-error.tsx";
import { ModuleForm, type SavedModule } from "./module-form.tsx";
import { ModuleNotFound } from "./module-not-found.tsx";
import { WebhookSecretDialog } from "./webhook-secret-dialog.tsx";

/** After a save: the secret when there is a new one, then the module's page. */
function useAfterSave() {
  const navigate = useNavigate();
  const [secret, setSecret] = useState<SavedModule | null>(null);
  const open = (moduleId: string) =>
    void navigate({ to: "/admin/modules/$moduleId", params: { moduleId } });
  const onSaved = (saved: SavedModule, message: string) => {
    toast({ title: message, variant: "success" });
    if (saved.webhookSecret) setSecret(saved);
    else open(saved.module._id);
  };
  const dialog = secret?.webhookSecret ? (
    <WebhookSecretDialog
      secret={secret.webhookSecret}
      moduleName={secret.module.name}
      onClose={() => open(secret.module._id)}
    />
  ) : null;
  return { onSaved, dialog };
}

function BackLink({ to, label }: { to: "/admin/modules" | { moduleId: string }; label: string }) {
  const className =
    "mb-4 inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground";
  return to === "/admin/modules" ? (
    <Link to="/admin/modules" className={className}>
      <ChevronLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  ) : (
    <Link to="/admin/modules/$moduleId" params={to} className={className}>
      <ChevronLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** /admin/modules/new. */
export function NewModulePage() {
  const after = useAfterSave();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-12">
      <BackLink to="/admin/modules" label="Modules" />
      <PageHeader
        title="New module"
        description="Offer members an automation or a built-in prompt they run on their documents."
        className="mb-8"
      />
      <ModuleForm onSaved={(saved) => after.onSaved(saved, `${saved.module.name} created`)} />
      {after.dialog}
    </div>
  );
}

/** /admin/modules/{moduleId}/edit. */
export function EditModulePage({ moduleId }: { moduleId: string }) {
  const module = useQuery(adminModuleOptions(moduleId));
  const after = useAfterSave();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-12">
      <BackLink to={{ moduleId }} label={module.data?.name ?? "Module"} />
      {module.data === null ? (
        <ModuleNotFound />
      ) : module.data ? (
        <>
          <PageHeader title={`Edit ${module.data.name}`} className="mb-8" />
          <ModuleForm
            module={module.data}
            onSaved={(saved) => after.onSaved(saved, "Changes saved")}
          />
        </>
      ) : module.error ? (
        <AdminLoadError error={module.error} retry={() => void module.refetch()} />
      ) : (
        <div className="grid gap-6">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-72 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      )}
      {after.dialog}
    </div>
  );
}

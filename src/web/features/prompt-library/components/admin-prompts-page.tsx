import { useQuery } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { useState } from "react";
import { SKELETON_COUNT } from "#shared/constants.ts";
import type { AdminPrompt } from "#shared/schemas/prompt.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { adminPromptsOptions } from "../api/admin-prompt-queries.ts";
import { useSetPromptArchived } from "../hooks/use-prompt-mutations.ts";
import { PromptFormDialog } from "./prompt-form-dialog.tsx";
import { PromptLibraryError } from "./prompt-library-error.tsx";

type Dialog = { kind: "edit"; prompt: AdminPrompt } | { kind: "new" } | null;

function PromptRow({ prompt, onEdit }: { prompt: AdminPrompt; onEdit: () => void }) {
  const setArchived = useSetPromptArchived();
  const archived = prompt.archivedAt !== null;
  return (
    <tr className="border-t" data-testid="admin-prompt-row">
      <td className="px-4 py-3">
        <p className="font-medium">{prompt.title}</p>
        {prompt.description ? (
          <p className="line-clamp-1 text-muted-foreground text-xs">{prompt.description}</p>
        ) : null}
      </td>
      <td className="px-4 py-3 text-muted-foreground">{prompt.organizationName ?? "Global"}</td>
      <td className="px-4 py-3 text-muted-foreground">{prompt.category ?? "—"}</td>
      <td className="px-4 py-3 font-mono text-muted-foreground text-xs">
        {prompt.variables.join(", ") || "—"}
      </td>
      <td className="px-4 py-3">
        <span className={archived ? "text-muted-foreground" : "text-emerald-500"}>
          {archived ? "Archived" : "Active"}
        </span>
      </td>
      <td className="px-4 py-3 text-right">
        <div className="flex justify-end gap-1">
          {/* An organization's prompts are edited by its admins in its library. */}
          {archived || prompt.organizationId !== null ? null : (
            <Button size="sm" variant="ghost" onClick={onEdit}>
              Edit
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={setArchived.isPending}
            onClick={() => setArchived.mutate({ promptId: prompt._id, archived: !archived })}
            data-testid={archived ? "admin-prompt-restore" : "admin-prompt-archive"}
          >
            {archived ? "Restore" : "Archive"}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** /admin/prompts: every organization's prompts and the global ones, for superadmins. */
export function AdminPromptsPage() {
  const [showArchived, setShowArchived] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const prompts = useQuery(adminPromptsOptions(showArchived));
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Prompts"
        description="Every organization's prompts, and the global prompts offered to all of them"
        actions={
          <Button onClick={() => setDialog({ kind: "new" })} data-testid="admin-prompt-new">
            <Plus aria-hidden="true" />
            New global prompt
          </Button>
        }
      />
      <label className="mt-8 flex w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
          data-testid="admin-prompt-show-archived"
        />
        Show archived
      </label>
      <div className="mt-4 overflow-x-auto rounded-xl border bg-card">
        {prompts.error && !prompts.data ? (
          <PromptLibraryError error={prompts.error} retry={() => void prompts.refetch()} />
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground text-xs">
              <tr>
                <th className="px-4 py-2.5 font-medium">Title</th>
                <th className="px-4 py-2.5 font-medium">Organization</th>
                <th className="px-4 py-2.5 font-medium">Category</th>
                <th className="px-4 py-2.5 font-medium">Variables</th>
                <th className="px-4 py-2.5 font-medium">Status</th>
                <th className="px-4 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {prompts.data
                ? prompts.data.map((prompt) => (
                    <PromptRow
                      key={prompt._id}
                      prompt={prompt}
                      onEdit={() => setDialog({ kind: "edit", prompt })}
                    />
                  ))
                : Array.from({ length: SKELETON_COUNT.table }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <tr key={i} className="border-t">
                      <td colSpan={6} className="px-4 py-3">
                        <Skeleton className="h-5 w-full" />
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        )}
        {prompts.data?.length === 0 ? (
          <p className="border-t px-4 py-10 text-center text-muted-foreground text-sm">
            No prompts yet.
          </p>
        ) : null}
      </div>
      {dialog?.kind === "edit" ? (
        <PromptFormDialog prompt={dialog.prompt} onOpenChange={close} />
      ) : null}
      {dialog?.kind === "new" ? <PromptFormDialog global onOpenChange={close} /> : null}
    </div>
  );
}

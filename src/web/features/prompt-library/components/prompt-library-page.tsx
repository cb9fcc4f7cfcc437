import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import Plus from "lucide-react/icons/plus";
import { useState } from "react";
import type { Prompt } from "#shared/schemas/prompt.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { meOptions, promptsOptions } from "../../../lib/shared-queries.ts";
import { promptCategoriesOptions } from "../api/prompt-queries.ts";
import { useArchivePrompt, useReorderPrompts } from "../hooks/use-prompt-mutations.ts";
import { PromptCard } from "./prompt-card.tsx";
import { PromptFormDialog } from "./prompt-form-dialog.tsx";
import { PromptLibraryError } from "./prompt-library-error.tsx";
import { PromptCardsSkeleton } from "./prompt-skeletons.tsx";
import { UsePromptDialog } from "./use-prompt-dialog.tsx";

const ALL = "";

function matches(prompt: Prompt, query: string, categoryId: string): boolean {
  if (categoryId !== ALL && prompt.categoryId !== categoryId) return false;
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [prompt.title, prompt.description, prompt.category ?? "", prompt.body].some((text) =>
    text.toLowerCase().includes(q),
  );
}

type Dialog = { kind: "use" | "edit"; prompt: Prompt } | { kind: "new" } | null;

/** /prompt-library: search and filter the library, use a prompt, and (admins) manage it. */
export function PromptLibraryPage() {
  const prompts = useQuery(promptsOptions());
  const categories = useQuery(promptCategoriesOptions());
  const me = useQuery(meOptions());
  const archive = useArchivePrompt();
  const reorder = useReorderPrompts();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [categoryId, setCategoryId] = useState(ALL);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canCreate = me.data?.isSuperadmin === true || me.data?.role === "OrganizationAdmin";

  const use = (prompt: Prompt, text: string) =>
    void navigate({ to: "/command-center", search: { prompt: text, prompt_id: prompt._id } });
  const startUse = (prompt: Prompt) => {
    if (prompt.variables.length === 0) use(prompt, prompt.body);
    else setDialog({ kind: "use", prompt });
  };
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const shown = prompts.data?.filter((p) => matches(p, query, categoryId)) ?? [];
  // Ordering is offered on the whole library only (a filtered view hides neighbours).
  const filtered = query.trim() !== "" || categoryId !== ALL;
  const editable = prompts.data?.filter((p) => p.canEdit) ?? [];
  const move = (prompt: Prompt, delta: -1 | 1) => {
    const ids = editable.map((p) => p._id);
    const from = ids.indexOf(prompt._id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return undefined;
    return () => {
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      reorder.mutate({ promptIds: ids });
    };
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Prompt Library"
        description="Discover and use pre-crafted prompts for your organization"
        actions={
          canCreate ? (
            <Button onClick={() => setDialog({ kind: "new" })} data-testid="prompt-new">
              <Plus aria-hidden="true" />
              New prompt
            </Button>
          ) : null
        }
      />
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <SearchInput
          wrapperClassName="min-w-56 flex-1"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search prompts"
          aria-label="Search prompts"
          data-testid="prompt-search"
        />
        <select
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          aria-label="Category"
          data-testid="prompt-category-filter"
          className={cn(
            "h-9 rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
          )}
        >
          <option value={ALL}>All categories</option>
          {categories.data?.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-6">
        {prompts.data ? (
          shown.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="prompt-grid">
              {shown.map((prompt) => (
                <PromptCard
                  key={prompt._id}
                  prompt={prompt}
                  onUse={() => startUse(prompt)}
                  onEdit={() => setDialog({ kind: "edit", prompt })}
                  onArchive={() => archive.mutate({ promptId: prompt._id })}
                  onMove={
                    prompt.canEdit && !filtered && editable.length > 1
                      ? { earlier: move(prompt, -1), later: move(prompt, 1) }
                      : undefined
                  }
                />
              ))}
            </div>
          ) : (
            <p
              className="rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground text-sm"
              data-testid="prompt-empty"
            >
              {prompts.data.length === 0 ? "No prompts yet." : "No prompts match your search."}
            </p>
          )
        ) : prompts.error ? (
          <PromptLibraryError error={prompts.error} retry={() => void prompts.refetch()} />
        ) : (
          <PromptCardsSkeleton />
        )}
      </div>
      {dialog?.kind === "use" ? (
        <UsePromptDialog
          prompt={dialog.prompt}
          onOpenChange={close}
          onUse={(text) => use(dialog.prompt, text)}
        />
      ) : null}
      {dialog?.kind === "edit" ? (
        <PromptFormDialog prompt={dialog.prompt} onOpenChange={close} />
      ) : null}
      {dialog?.kind === "new" ? <PromptFormDialog onOpenChange={close} /> : null}
    </div>
  );
}

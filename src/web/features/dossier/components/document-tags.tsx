import Plus from "lucide-react/icons/plus";
import Star from "lucide-react/icons/star";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";
import { Input } from "../../../components/ui/input.tsx";
import { useSetDocumentTags } from "../hooks/use-document-mutations.ts";

const MAX_TAGS = 20;

/**
 * A document's tags and its primary tag (the list's Type column), editable
 * by its owner and editors: add with Enter, remove with ×, the star makes a
 * tag the primary one (again: none).
 */
export function DocumentTags({ document }: { document: DocumentSummary }) {
  const setTags = useSetDocumentTags();
  const [draft, setDraft] = useState("");
  const editable = document.myRole !== "viewer";
  const save = (tags: string[], primaryTagName: string | null) =>
    setTags.mutate({ documentId: document._id, tags, primaryTagName });
  const add = () => {
    const tag = draft.trim().replace(/\s+/g, " ").slice(0, 50);
    setDraft("");
    if (!tag || document.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return;
    save([...document.tags, tag].slice(0, MAX_TAGS), document.primaryTagName);
  };

  return (
    <div data-testid="document-tags">
      {document.tags.length === 0 && !editable ? (
        <p className="text-muted-foreground text-sm">No tags.</p>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1.5">
        {document.tags.map((tag) => {
          const primary = tag === document.primaryTagName;
          return (
            <li
              key={tag}
              data-testid="document-tag"
              data-primary={primary || undefined}
              className={cn(
                "inline-flex h-7 items-center gap-1 rounded-full border pr-1 pl-1.5 text-[12.5px]",
                primary ? "border-primary/60 bg-primary/15" : "bg-background/40",
              )}
            >
              <button
                type="button"
                disabled={!editable}
                aria-label={primary ? `${tag} is the type; click to clear` : `Make ${tag} the type`}
                title={primary ? "The document's type" : "Make this the document's type"}
                onClick={() => save(document.tags, primary ? null : tag)}
                className="flex size-5 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
              >
                <Star
                  aria-hidden="true"
                  className={cn("size-3.5", primary && "fill-primary text-primary")}
                />
              </button>
              {tag}
              {editable ? (
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() =>
                    save(
                      document.tags.filter((t) => t !== tag),
                      primary ? null : document.primaryTagName,
                    )
                  }
                  className="flex size-5 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              ) : (
                <span className="w-1" />
              )}
            </li>
          );
        })}
        {editable && document.tags.length < MAX_TAGS ? (
          <li className="relative">
            <Plus
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              value={draft}
              maxLength={50}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
              onBlur={() => draft.trim() && add()}
              placeholder="Add a tag"
              aria-label="Add a tag"
              data-testid="document-tag-input"
              className="h-7 w-32 rounded-full pl-7 text-[12.5px]"
            />
          </li>
        ) : null}
      </ul>
    </div>
  );
}

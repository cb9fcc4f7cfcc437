import { useQuery } from "@tanstack/react-query";
import FileText from "lucide-react/icons/file-text";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { Input } from "../../../components/ui/input.tsx";
import { supportDocumentSearchOptions } from "../api/support-queries.ts";

export interface ChosenDocument {
  id: string;
  name: string;
}

/** Pick one document of the dossier by searching for it; shown as a chip once chosen. */
export function DocumentAttachmentField({
  value,
  onChange,
  id,
}: {
  value: ChosenDocument | null;
  onChange: (document: ChosenDocument | null) => void;
  id?: string;
}) {
  const [query, setQuery] = useState("");
  const text = query.trim();
  const results = useQuery({ ...supportDocumentSearchOptions(text), enabled: text.length > 1 });

  if (value) {
    return (
      <div
        className="flex h-9 items-center gap-2 rounded-md border bg-muted/40 px-3 text-sm"
        data-testid="support-document-chosen"
      >
        <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate">{value.name}</span>
        <button
          type="button"
          onClick={() => onChange(null)}
          aria-label={`Remove ${value.name}`}
          className="rounded p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }
  const hits = results.data?.page ?? [];
  return (
    <div className="relative">
      <Input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search your dossier for a document (optional)"
        data-testid="support-document-search"
        autoComplete="off"
      />
      {text.length > 1 && (results.data !== undefined || results.isFetching) ? (
        <ul className="absolute inset-x-0 top-10 z-20 max-h-60 overflow-y-auto rounded-lg border bg-popover p-1 shadow-xl">
          {hits.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground text-sm">
              {results.isFetching ? "Searching…" : "No processed document matches."}
            </li>
          ) : (
            hits.map((hit) => (
              <li key={hit.document._id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
                  onClick={() => {
                    onChange({ id: hit.document._id, name: hit.document.name });
                    setQuery("");
                  }}
                  data-testid="support-document-option"
                >
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="truncate">{hit.document.name}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

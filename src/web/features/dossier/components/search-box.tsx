import { useQuery } from "@tanstack/react-query";
import FileText from "lucide-react/icons/file-text";
import Search from "lucide-react/icons/search";
import Tag from "lucide-react/icons/tag";
import X from "lucide-react/icons/x";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Input } from "../../../components/ui/input.tsx";
import { suggestionOptions } from "../api/document-queries.ts";

/** Searching waits for a pause in typing. */
const SEARCH_DELAY_MS = 300;

/**
 * The search field; its text goes to the address bar as `q`. With
 * suggestions on, names of documents and tags that contain what is typed
 * show under it (a tag becomes a tag filter).
 */
export function SearchBox({
  value,
  onChange,
  scopeName,
  suggestions = false,
  onPickTag,
}: {
  value: string;
  onChange: (q: string) => void;
  scopeName: string;
  suggestions?: boolean;
  onPickTag?: (tag: string) => void;
}) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const prefix = typed.trim();
  const suggested = useQuery({
    ...suggestionOptions(prefix || "-"),
    enabled: suggestions && open && prefix.length >= 2,
  });
  const items = suggestions && open && prefix.length >= 2 ? (suggested.data ?? []) : [];
  const pick = (item: { kind: "document" | "tag"; text: string }) => {
    setOpen(false);
    setActive(-1);
    clearTimeout(timer.current);
    if (item.kind === "tag" && onPickTag) {
      setText("");
      onChange("");
      onPickTag(item.text);
      return;
    }
    setText(item.text);
    onChange(item.text);
  };
  // The address bar wins when it changes from elsewhere (back button, a link).
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setText(next);
    setTyped(next);
    setOpen(true);
    setActive(-1);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next.trim()), SEARCH_DELAY_MS);
  };
  return (
    <div className="relative w-full sm:w-72">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={text}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && items.length > 0) {
            event.preventDefault();
            setActive((i) => (i + 1) % items.length);
          } else if (event.key === "ArrowUp" && items.length > 0) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
          } else if (event.key === "Enter") {
            const item = items[active];
            if (item) {
              event.preventDefault();
              pick(item);
            } else {
              clearTimeout(timer.current);
              setOpen(false);
              onChange(text.trim());
            }
          } else if (event.key === "Escape" && (items.length > 0 || text)) {
            event.preventDefault();
            if (items.length > 0) setOpen(false);
            else change("");
          }
        }}
        placeholder={`Search in ${scopeName}`}
        aria-label={`Search documents in ${scopeName}`}
        data-testid="dossier-search"
        className="h-8 pr-8 pl-8 text-[13px] [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            clearTimeout(timer.current);
            setText("");
            onChange("");
          }}
          className="absolute top-1/2 right-1.5 flex size-5 -translate-y-1/2 items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
      {items.length > 0 ? (
        <ul
          id="dossier-search-suggestions"
          aria-label="Suggestions"
          data-testid="search-suggestions"
          className="absolute inset-x-0 top-9 z-30 overflow-hidden rounded-lg border bg-popover p-1 shadow-xl"
        >
          {items.map((item, index) => (
            <li key={`${item.kind}:${item.text}`}>
              <button
                type="button"
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
                data-testid="search-suggestion"
                aria-current={index === active || undefined}
                className={cn(
                  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-[12.5px] outline-none hover:bg-accent",
                  index === active && "bg-accent",
                )}
              >
                {item.kind === "tag" ? (
                  <Tag aria-hidden="true" className="size-3.5 text-primary" />
                ) : (
                  <FileText aria-hidden="true" className="size-3.5 text-muted-foreground" />
                )}
                <span className="truncate">{item.text}</span>
                <span className="ml-auto text-[10.5px] text-muted-foreground">
                  {item.kind === "tag" ? "Filter by tag" : "Document"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

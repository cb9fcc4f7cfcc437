import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Input } from "../../../components/ui/input.tsx";

/** Searching waits for a pause in typing. */
const SEARCH_DELAY_MS = 300;

/** The full-text search field; its text goes to the address bar as `q`. */
export function SearchBox({
  value,
  onChange,
  scopeName,
}: {
  value: string;
  onChange: (q: string) => void;
  scopeName: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The address bar wins when it changes from elsewhere (back button, a link).
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setText(next);
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
        onKeyDown={(event) => {
          if (event.key === "Escape" && text) {
            event.preventDefault();
            change("");
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
    </div>
  );
}

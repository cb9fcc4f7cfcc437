import ChevronRight from "lucide-react/icons/chevron-right";
import { useMemo, useState } from "react";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { SUPPORT_FAQ } from "../../../lib/help-articles.ts";

/** Answers to common questions, filtered as the member types. */
export function SupportFaq() {
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return SUPPORT_FAQ;
    return SUPPORT_FAQ.filter((entry) => {
      const text = `${entry.question} ${entry.answer} ${entry.keywords}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [query]);

  return (
    <div className="grid gap-3">
      <SearchInput
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search the help: upload, citations, voice…"
        aria-label="Search the help"
        className="h-10"
        data-testid="support-faq-search"
      />
      {shown.length === 0 ? (
        <p
          className="py-6 text-center text-muted-foreground text-sm"
          data-testid="support-faq-none"
        >
          No answer mentions “{query.trim()}”. Ask us below.
        </p>
      ) : (
        <div className="divide-y rounded-lg border" data-testid="support-faq">
          {shown.map((entry) => (
            <details
              key={entry.question}
              className="group px-4 py-1"
              data-testid="support-faq-entry"
            >
              <summary className="flex cursor-pointer list-none items-center gap-2 py-2.5 font-medium text-sm outline-none focus-visible:underline [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
                />
                {entry.question}
              </summary>
              <p className="pb-3 pl-6 text-muted-foreground text-sm leading-relaxed">
                {entry.answer}
              </p>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}

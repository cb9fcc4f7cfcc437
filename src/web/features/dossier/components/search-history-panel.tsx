import Clock from "lucide-react/icons/clock";
import X from "lucide-react/icons/x";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { type SearchHistoryEntry, useSearchStore } from "../hooks/search-store.ts";
import { activeFilterCount } from "../search.ts";

/**
 * Recent searches (SPEC 5: newest first, no duplicates, at most
 * maxHistoryEntries) and the search preferences, in one panel under the
 * toolbar. Picking an entry runs it again with its filters.
 */
export function SearchHistoryPanel({ onPick }: { onPick: (entry: SearchHistoryEntry) => void }) {
  const history = useSearchStore((s) => s.history);
  const preferences = useSearchStore((s) => s.preferences);
  const setPreferences = useSearchStore((s) => s.setPreferences);
  const removeEntry = useSearchStore((s) => s.removeEntry);
  const clearHistory = useSearchStore((s) => s.clearHistory);

  return (
    <section
      aria-label="Recent searches"
      data-testid="history-panel"
      className="mt-3 grid gap-4 rounded-xl border bg-card/60 p-4 shadow-sm md:grid-cols-[1.6fr_1fr]"
    >
      <div>
        <div className="mb-2 flex items-center justify-between">
          <h3 className="font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
            Recent searches
          </h3>
          {history.length > 0 ? (
            <Button variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={clearHistory}>
              Clear
            </Button>
          ) : null}
        </div>
        {!preferences.showRecentSearches ? (
          <p className="text-muted-foreground text-xs">
            Recent searches are hidden (see preferences).
          </p>
        ) : history.length === 0 ? (
          <p className="text-muted-foreground text-xs">Searches you run show here.</p>
        ) : (
          <ul className="grid gap-1" data-testid="history-list">
            {history.map((entry) => {
              const filters = activeFilterCount(entry.filters);
              return (
                <li key={entry.id} className="group flex items-center gap-1">
                  <button
                    type="button"
                    data-testid="history-entry"
                    onClick={() => onPick(entry)}
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-[13px] outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Clock aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                    <span className="truncate">{entry.query}</span>
                    {filters > 0 ? (
                      <span className="shrink-0 rounded-full bg-primary/15 px-1.5 text-[10.5px] text-primary">
                        {filters === 1 ? "1 filter" : `${filters} filters`}
                      </span>
                    ) : null}
                    <span className="ml-auto shrink-0 text-[11px] text-muted-foreground">
                      {timeAgo(entry.timestamp)}
                    </span>
                  </button>
                  <button
                    type="button"
                    aria-label={`Forget “${entry.query}”`}
                    onClick={() => removeEntry(entry.id)}
                    className="flex size-6 items-center justify-center rounded text-muted-foreground opacity-0 outline-none hover:text-foreground focus-visible:opacity-100 group-hover:opacity-100"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-2 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
          Preferences
        </h3>
        <div className="grid gap-2 text-[12.5px]">
          <Check
            checked={preferences.showRecentSearches}
            onChange={(showRecentSearches) => setPreferences({ showRecentSearches })}
            testId="pref-show-recent"
          >
            Show recent searches
          </Check>
          <Check
            checked={preferences.enableSearchSuggestions}
            onChange={(enableSearchSuggestions) => setPreferences({ enableSearchSuggestions })}
            testId="pref-suggestions"
          >
            Suggest names and tags while typing
          </Check>
          <Check
            checked={preferences.defaultIncludeSubfolders}
            onChange={(defaultIncludeSubfolders) => setPreferences({ defaultIncludeSubfolders })}
            testId="pref-subfolders"
          >
            Search subfolders by default
          </Check>
          <label className="flex items-center gap-2 text-muted-foreground">
            Remember
            <select
              value={preferences.maxHistoryEntries}
              data-testid="pref-max-history"
              onChange={(e) => setPreferences({ maxHistoryEntries: Number(e.target.value) })}
              className="h-7 rounded-md border bg-background px-1.5 text-foreground"
            >
              {[3, 5, 10, 20].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            searches
          </label>
        </div>
      </div>
    </section>
  );
}

function Check({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <label
      className={cn(
        "flex items-center gap-2",
        checked ? "text-foreground" : "text-muted-foreground",
      )}
    >
      <input
        type="checkbox"
        data-testid={testId}
        className="size-3.5 accent-[var(--color-primary)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

function timeAgo(timestamp: number): string {
  const minutes = Math.round((Date.now() - timestamp) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(timestamp).toLocaleDateString();
}

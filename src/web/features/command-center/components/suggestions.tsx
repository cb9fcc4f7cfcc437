import FileSearch from "lucide-react/icons/file-search";
import ListChecks from "lucide-react/icons/list-checks";
import Mail from "lucide-react/icons/mail";
import Scale from "lucide-react/icons/scale";
import type { LucideIcon } from "lucide-react/types";

interface Suggestion {
  title: string;
  detail: string;
  prompt: string;
  icon: LucideIcon;
}

const SUGGESTIONS: Suggestion[] = [
  {
    title: "Find it in the dossier",
    detail: "Search every document for an answer",
    prompt: "Search our documents: what do they say about ",
    icon: FileSearch,
  },
  {
    title: "Summarize a document",
    detail: "Key points, dates and obligations",
    prompt: "Summarize the attached document: key points, dates, obligations and open questions.",
    icon: ListChecks,
  },
  {
    title: "Compare two documents",
    detail: "Where they agree and where they differ",
    prompt: "Compare the attached documents and list where they agree and where they differ.",
    icon: Scale,
  },
  {
    title: "Draft a reply",
    detail: "A clear email from your notes",
    prompt: "Draft a short, friendly email that ",
    icon: Mail,
  },
];

/** Ways to begin: each puts a prompt in the message box to finish and send. */
export function Suggestions({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <section aria-label="Suggestions" className="mt-10">
      <ul className="grid gap-2.5 sm:grid-cols-2">
        {SUGGESTIONS.map(({ title, detail, prompt, icon: Icon }) => (
          <li key={title}>
            <button
              type="button"
              onClick={() => onPick(prompt)}
              className="group flex w-full items-start gap-3 rounded-xl border bg-card/60 p-3.5 text-left outline-none transition-colors hover:border-foreground/15 hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
              data-testid="suggestion"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground transition-colors group-hover:text-foreground">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-[13.5px]">{title}</span>
                <span className="block text-muted-foreground text-xs">{detail}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

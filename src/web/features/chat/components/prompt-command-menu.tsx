import BookOpenText from "lucide-react/icons/book-open-text";
import { cn } from "../../../components/ui/cn.ts";
import type { usePromptCommand } from "../hooks/use-prompt-command.ts";

/** The prompt library offered above the message box while it holds `/word`. */
export function PromptCommandMenu({ command }: { command: ReturnType<typeof usePromptCommand> }) {
  if (!command.open) return null;
  return (
    <div
      role="listbox"
      aria-label="Prompt library"
      data-testid="prompt-command-menu"
      className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-xl border bg-popover p-1 text-popover-foreground shadow-lg"
    >
      <p className="flex items-center gap-1.5 px-2.5 pt-1.5 pb-1 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
        <BookOpenText aria-hidden="true" className="size-3.5" />
        Prompt library
      </p>
      {command.items.length === 0 ? (
        <p className="px-2.5 py-2 text-muted-foreground text-sm">
          {command.loading ? "Loading prompts…" : "No prompt matches."}
        </p>
      ) : (
        command.items.map((prompt, index) => (
          <button
            key={prompt._id}
            type="button"
            role="option"
            aria-selected={index === command.active}
            // Keep the focus in the message box.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => command.pick(prompt)}
            data-testid="prompt-command-item"
            className={cn(
              "flex w-full items-baseline gap-2 rounded-md px-2.5 py-1.5 text-left text-sm",
              index === command.active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
            )}
          >
            <span className="truncate font-medium">{prompt.title}</span>
            {prompt.description ? (
              <span className="truncate text-muted-foreground text-xs">{prompt.description}</span>
            ) : null}
          </button>
        ))
      )}
    </div>
  );
}

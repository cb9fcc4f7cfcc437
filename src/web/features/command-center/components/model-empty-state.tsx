import { ArrowUp, Bot, Paperclip } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

/**
 * No model can be reached yet: a composer that is visibly off, and words that
 * say why, instead of a chat box that fails when used.
 */
export function ModelEmptyState() {
  return (
    <section
      aria-labelledby="model-empty-title"
      data-testid="command-center-empty"
      className="mt-10 overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <div className="flex flex-col items-center px-6 pt-10 pb-8 text-center">
        <div className="relative flex size-12 items-center justify-center rounded-xl border bg-muted/60">
          <Bot aria-hidden="true" className="size-6 text-muted-foreground" />
          <span className="absolute -top-1 -right-1 size-3 rounded-full border-2 border-card bg-warning" />
        </div>
        <h2 id="model-empty-title" className="mt-5 font-semibold text-lg tracking-tight">
          No AI model is connected yet
        </h2>
        <p className="mt-2 max-w-md text-muted-foreground text-sm leading-relaxed">
          Chat with AI models about your documents will appear here as soon as an administrator
          connects a model provider to this workspace.
        </p>
      </div>
      <div className="border-t bg-muted/30 p-3">
        <div
          aria-disabled="true"
          className="flex items-center gap-2 rounded-lg border bg-background/60 px-3 py-2 opacity-70"
        >
          <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
          <label htmlFor="composer-disabled" className="sr-only">
            Message (unavailable until an AI model is connected)
          </label>
          <input
            id="composer-disabled"
            disabled
            placeholder="Ask anything about your documents…"
            className="h-8 flex-1 cursor-not-allowed bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
          <Button size="icon" disabled aria-label="Send message" className="size-7 rounded-md">
            <ArrowUp aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}

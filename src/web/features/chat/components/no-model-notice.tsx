import Bot from "lucide-react/icons/bot";

/**
 * No model can answer: said plainly, with what an administrator does about
 * it, instead of a message box that fails when used.
 */
export function NoModelNotice({ error }: { error?: string }) {
  return (
    <div
      role="status"
      data-testid="no-model"
      className="mb-3 flex items-start gap-3 rounded-xl border border-warning/30 bg-warning/[0.07] px-4 py-3"
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-warning/15 text-warning">
        <Bot aria-hidden="true" className="size-4" />
      </span>
      <div className="text-[13px] leading-relaxed">
        <p className="font-medium text-foreground">
          {error ? "The AI models could not be loaded" : "No AI model is configured yet"}
        </p>
        <p className="text-muted-foreground">
          {error
            ? error
            : "An administrator can add one by setting a provider's API key (for example OPENAI_API_KEY or ANTHROPIC_API_KEY) or a local model server (OPENAI_COMPATIBLE_BASE_URL, e.g. Ollama) and restarting Atrium. See “Models” in the README."}
        </p>
      </div>
    </div>
  );
}

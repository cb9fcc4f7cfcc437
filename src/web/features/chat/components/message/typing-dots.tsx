/** Three pulsing dots: the answer has started but nothing is written yet. */
export function TypingDots() {
  return (
    <span
      role="status"
      aria-label="The assistant is writing"
      className="inline-flex h-6 items-center gap-1"
      data-testid="typing"
    >
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-pulse rounded-full bg-muted-foreground/70"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

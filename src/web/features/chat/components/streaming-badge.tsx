/** "Answering…" beside a thread's title while an answer is being written. */
export function StreamingBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-primary/12 px-2 py-0.5 font-medium text-[11.5px] text-primary"
      data-testid="streaming-badge"
    >
      <span className="relative flex size-1.5">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-60" />
        <span className="relative inline-flex size-1.5 rounded-full bg-primary" />
      </span>
      Answering…
    </span>
  );
}

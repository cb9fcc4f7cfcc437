import X from "lucide-react/icons/x";

/** An active filter (or sort) with a button that removes it. */
export function FilterChip({
  label,
  onRemove,
  removeLabel = `Remove filter ${label}`,
}: {
  label: string;
  onRemove: () => void;
  removeLabel?: string;
}) {
  return (
    <span
      data-testid="filter-chip"
      className="inline-flex h-8 items-center gap-1 rounded-md border border-primary/40 bg-primary/10 pr-1 pl-2.5 text-[12.5px]"
    >
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="flex size-6 items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}

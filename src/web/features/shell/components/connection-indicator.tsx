import { cn } from "../../../components/ui/cn.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { useConnectionState } from "../../../lib/sync/sync-provider.tsx";

type Status = "live" | "connecting" | "reconnecting" | "offline";

const COPY: Record<Status, { label: string; detail: string; dot: string }> = {
  live: { label: "Live", detail: "Connected. Changes sync instantly.", dot: "bg-success" },
  connecting: { label: "Connecting…", detail: "Connecting to the server.", dot: "bg-warning" },
  reconnecting: {
    label: "Reconnecting…",
    detail: "The connection dropped. Trying to reconnect.",
    dot: "bg-warning",
  },
  offline: {
    label: "Offline",
    detail: "Not connected. Changes may not be saved until the connection is back.",
    dot: "bg-destructive",
  },
};

function formatSince(timestamp: number | null | undefined): string | null {
  if (!timestamp) return null;
  return new Date(timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The realtime connection, as a dot (and a word when the sidebar is open). */
export function ConnectionIndicator({ open }: { open: boolean }) {
  const { state, hasEverConnected, disconnectedSince, notice } = useConnectionState();
  const status: Status =
    state === "open"
      ? "live"
      : state === "connecting"
        ? hasEverConnected
          ? "reconnecting"
          : "connecting"
        : "offline";
  const copy = COPY[status];
  const since = status === "live" ? null : formatSince(disconnectedSince);
  // Why the server refused a live connection (too many tabs, say) says more than "Offline".
  const why = status === "live" ? null : notice;
  const base = why
    ? `${why} Changes are still saved, and live updates come back on their own once other tabs close.`
    : copy.detail;
  const detail = since ? `${base} Disconnected since ${since}.` : base;

  return (
    <Tooltip content={detail} side="right">
      <div
        role="status"
        aria-label={`Connection: ${copy.label}. ${detail}`}
        data-testid="connection-indicator"
        data-state={state}
        className={cn(
          "flex h-7 items-center gap-2.5 rounded-md px-2.5 text-[12px] text-muted-foreground outline-none",
          "focus-visible:ring-2 focus-visible:ring-ring",
          !open && "justify-center px-0",
          open && "max-md:justify-center max-md:px-0",
        )}
      >
        <span className="relative flex size-2 shrink-0">
          {status === "live" ? null : (
            <span
              className={cn(
                "absolute inline-flex size-full animate-ping rounded-full opacity-60",
                copy.dot,
              )}
            />
          )}
          <span className={cn("relative inline-flex size-2 rounded-full", copy.dot)} />
        </span>
        <span className={cn("hidden", open && "md:inline")}>{copy.label}</span>
      </div>
    </Tooltip>
  );
}

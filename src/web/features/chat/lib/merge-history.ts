import type { AtriumMessage } from "./chat-message.ts";

/**
 * What this tab should show once nothing streams here, given the stored,
 * live conversation: the server is the record (another tab's messages, the
 * saved form of an answer, a stopped answer's status), but the stored window
 * may start later than what this tab holds (the first page is the latest 100
 * messages), so older messages held here are kept in front of it; and what
 * this tab has that the server does not have yet (a message whose request
 * failed before it was saved) is not undone. Null: keep what is shown.
 */
export function mergeStored(
  local: readonly AtriumMessage[],
  stored: readonly AtriumMessage[],
): AtriumMessage[] | null {
  if (stored.length === 0) return null;
  const start = local.findIndex((message) => message.id === stored[0]?.id);
  const held = new Map(local.map((message) => [message.id, message]));
  const fresher = stored.map((message) => {
    const mine = held.get(message.id);
    return mine && isBehind(message, mine) ? mine : message;
  });
  const merged = start > 0 ? [...local.slice(0, start), ...fresher] : fresher;
  if (merged.length < local.length) return null;
  return differs(local, merged) ? merged : null;
}

/**
 * A stored answer still marked streaming that has less than this tab already
 * received (the server saves a streaming answer every second or so): this
 * tab's copy is newer until the final save arrives.
 */
function isBehind(stored: AtriumMessage, mine: AtriumMessage): boolean {
  const status =
    stored.metadata && typeof stored.metadata === "object" && "status" in stored.metadata
      ? stored.metadata.status
      : undefined;
  return status === "streaming" && textLength(mine) >= textLength(stored);
}

function textLength(message: AtriumMessage): number {
  let length = 0;
  for (const part of message.parts) {
    if (part.type === "text" || part.type === "reasoning") length += part.text.length;
  }
  return length;
}

function differs(local: readonly AtriumMessage[], merged: readonly AtriumMessage[]): boolean {
  if (local.length !== merged.length) return true;
  for (let i = 0; i < merged.length; i++) {
    if (merged[i]?.id !== local[i]?.id) return true;
  }
  // Same messages: compare the tail, where saved answers and statuses change.
  for (let i = Math.max(0, merged.length - 3); i < merged.length; i++) {
    if (!sameContent(merged[i], local[i])) return true;
  }
  return false;
}

function sameContent(a: AtriumMessage | undefined, b: AtriumMessage | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    JSON.stringify(a.parts) === JSON.stringify(b.parts) &&
    JSON.stringify(a.metadata ?? null) === JSON.stringify(b.metadata ?? null)
  );
}

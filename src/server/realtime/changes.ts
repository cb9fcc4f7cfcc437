import { z } from "zod";

/**
 * Notifications on the changes channel: a row change `{t, o, i}` sent by the
 * table triggers, or a transaction's end marker `{m}` sent by the executor.
 */
const changeSchema = z.object({
  t: z.string(),
  o: z.string().nullable(),
  i: z.string().nullable(),
});
const markerSchema = z.object({ m: z.string() });

export type RowChange = z.infer<typeof changeSchema>;
export type Notification =
  | { kind: "change"; change: RowChange }
  | { kind: "marker"; marker: string };

export function parseNotification(payload: string): Notification | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const marker = markerSchema.safeParse(json);
  if (marker.success) return { kind: "marker", marker: marker.data.m };
  const change = changeSchema.safeParse(json);
  if (change.success) return { kind: "change", change: change.data };
  return undefined;
}

/**
 * The dependency keys a row change touches. A change that names no row (`i` null) touches every
 * run narrowed to rows of its table too (`table:rows`): it may be any of them.
 */
export function keysForChange(change: RowChange): string[] {
  const keys = [`${change.t}:*`];
  if (change.o) keys.push(`${change.t}:org:${change.o}`);
  if (change.i) keys.push(`${change.t}:id:${change.i}`);
  else keys.push(`${change.t}:rows`);
  return keys;
}

/** Stable JSON for grouping identical subscriptions (object keys sorted). */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}

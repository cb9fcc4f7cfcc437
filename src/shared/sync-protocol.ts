import { z } from "zod";
import { errorDataSchema } from "./errors.ts";

/**
 * Messages on the /api/sync WebSocket. Both sides parse with these schemas;
 * anything else is answered with an `error` message and ignored.
 */
export const MAX_SYNC_MESSAGE_BYTES = 1_000_000;
export const SYNC_HEARTBEAT_MS = 20_000;

/** Close codes the server uses. */
export const SYNC_CLOSE = {
  normal: 1000,
  goingAway: 1001,
  tooLarge: 1009,
  authFailed: 4001,
  originRejected: 4003,
  tooManyErrors: 4008,
  sessionEnded: 4010,
  /** The session already has its limit of sockets on this instance (docs/decisions/015). */
  tooManyConnections: 4029,
} as const;

const id = z.string().min(1).max(100);
const path = z.string().min(1).max(200);
const args = z.record(z.string(), z.unknown());

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authenticate"), token: z.string().max(4096) }),
  z.object({
    type: z.literal("subscribe"),
    id,
    path,
    args,
    /**
     * The client applies `query_patch` messages for this subscription (decision 035); without
     * it (an older client) every result comes whole.
     */
    patches: z.boolean().optional(),
  }),
  z.object({ type: z.literal("unsubscribe"), id }),
  z.object({ type: z.literal("mutation"), requestId: id, path, args }),
  z.object({ type: z.literal("action"), requestId: id, path, args }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const failure = {
  errorMessage: z.string(),
  errorData: errorDataSchema,
};

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authenticated"), userId: z.string() }),
  z.object({ type: z.literal("auth_error"), ...failure }),
  z.object({ type: z.literal("query_result"), id, value: z.unknown() }),
  /**
   * The subscription's new value as a patch (src/shared/live-patch.ts) against the last value
   * this socket was sent for it; only to subscriptions made with `patches: true`.
   */
  z.object({ type: z.literal("query_patch"), id, patch: z.unknown() }),
  z.object({ type: z.literal("query_error"), id, ...failure }),
  z.object({
    type: z.literal("result"),
    requestId: id,
    status: z.enum(["success", "error"]),
    value: z.unknown().optional(),
    errorMessage: z.string().optional(),
    errorData: errorDataSchema.optional(),
    logLines: z.array(z.string()),
  }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), ...failure }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

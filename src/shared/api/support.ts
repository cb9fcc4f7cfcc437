import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  supportMessageSchema,
  supportMessageViewSchema,
  supportRequestFieldsSchema,
  supportRequestSchema,
  supportThreadSchema,
} from "../schemas/support.ts";
import { mutationContract, queryContract } from "./define.ts";

/** A new support request with its first message (documentId: a document the caller may read). */
export const create = mutationContract("support.create", {
  args: supportRequestFieldsSchema,
  returns: supportRequestSchema,
});

/** The caller's own requests, latest activity first. */
export const listMine = queryContract("support.listMine", {
  args: z.object({}),
  returns: z.array(supportRequestSchema),
});

/** One request and its thread: its requester's, or any for a superadmin. */
export const get = queryContract("support.get", {
  args: z.object({ requestId: idSchema }),
  returns: supportThreadSchema,
});

/**
 * Add to a request's thread: its requester (which reopens it) or a superadmin
 * (which marks it answered and notifies the requester).
 */
export const reply = mutationContract("support.reply", {
  args: z.object({ requestId: idSchema, body: supportMessageSchema }),
  returns: supportMessageViewSchema,
});

import { z } from "zod";
import { chatMessageSchema } from "../schemas/chat.ts";
import { idSchema, paginated, paginationOptsSchema } from "../schemas/dossier.ts";
import { queryContract } from "./define.ts";

/**
 * A thread's messages in cursor pages, each page oldest first. The first
 * page (cursor null) is the END of the conversation: its latest `numItems`
 * messages. `continueCursor` leads to the messages before it, back to the
 * first one (`isDone`, continueCursor ""). When new messages push the first
 * page's oldest out (or an edit removes messages), its continueCursor
 * changes: re-request older pages from the new cursor. Empty and done when
 * the thread does not exist yet (or is not the caller's).
 */
export const getThreadMessagesOptional = queryContract("messages.getThreadMessagesOptional", {
  args: z.object({
    threadId: idSchema,
    paginationOpts: paginationOptsSchema,
    excludeToolMessages: z.boolean().default(false),
  }),
  returns: paginated(chatMessageSchema),
});

import { z } from "zod";
import { idSchema } from "#shared/schemas/dossier.ts";
import { DRAFT_STATUSES } from "#shared/schemas/draft.ts";

/**
 * /modules/drafts search params (SPEC 2): q, id (the open draft), pending
 * (only those being generated), status. A bad value falls back to "absent",
 * so a mistyped address shows the list rather than an error.
 */
export const draftsSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined),
  id: idSchema.optional().catch(undefined),
  pending: z
    .preprocess(
      (value) => (value === "true" ? true : value === "false" ? false : value),
      z.boolean(),
    )
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined),
  status: z.enum(DRAFT_STATUSES).optional().catch(undefined),
});

export type DraftsSearch = z.infer<typeof draftsSearchSchema>;

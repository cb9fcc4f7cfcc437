import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import { DRAFT_STATUSES } from "../schemas/draft.ts";
import { queryContract } from "./define.ts";

/**
 * modules.* beside modules.ts for the run page (decision 019): the draft a
 * built-in run is writing, as it streams.
 */

/** The draft one of the caller's runs writes (its first one); null before it exists or when not theirs. */
export const getExecutionDraft = queryContract("modules.getExecutionDraft", {
  args: z.object({ executionId: idSchema }),
  returns: z
    .object({
      draftId: z.string(),
      title: z.string(),
      status: z.enum(DRAFT_STATUSES),
      /** Sanitized HTML, as far as it has been written. */
      content: z.string(),
    })
    .nullable(),
});

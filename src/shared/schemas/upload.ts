import { z } from "zod";
import { errorDataSchema } from "#shared/errors.ts";

/** A file the upload took: now a `pending` document. */
export const uploadedDocumentSchema = z.object({ _id: z.string(), name: z.string() });

/** A file the upload refused, with a message that names it. */
export const refusedFileSchema = z.object({ fileName: z.string(), message: z.string() });

/**
 * What POST /api/documents/upload answers about the files of one request:
 * those it took and those it refused. When it took none, the HTTP status is
 * that of the first refusal, and errorMessage/errorData repeat it for a toast.
 * A request refused as a whole (signed out, no such folder, not multipart)
 * gets the plain error body instead (`errorBodySchema` in #shared/errors.ts).
 */
export const uploadResponseSchema = z.object({
  documents: z.array(uploadedDocumentSchema),
  errors: z.array(refusedFileSchema),
  errorMessage: z.string().optional(),
  errorData: errorDataSchema.optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

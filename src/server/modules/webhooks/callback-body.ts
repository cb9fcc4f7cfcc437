import { z } from "zod";

/**
 * What an automation posts back to /api/modules/executions/{id}/callback
 * (decision 019, docs/operations.md). `seq` counts up from 1 per run: a
 * callback at or below the last one accepted is a replay (409).
 */

const textResult = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  format: z.enum(["text", "markdown", "html"]),
  content: z.string().max(5_000_000),
});

const fileResult = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  files: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(255),
        mimeType: z.string().trim().min(1).max(200),
        contentBase64: z.string().regex(/^[A-Za-z0-9+/=\s]*$/, "must be base64"),
      }),
    )
    .min(1)
    .max(20),
});

export const callbackResultSchema = z.union([textResult, fileResult]);
export type CallbackResult = z.infer<typeof callbackResultSchema>;

export const callbackBodySchema = z
  .object({
    seq: z.number().int().min(1).max(1_000_000_000),
    type: z.enum(["progress", "result", "failure"]),
    message: z.string().trim().max(2000).optional(),
    percent: z.number().min(0).max(100).optional(),
    result: callbackResultSchema.optional(),
    results: z.array(callbackResultSchema).min(1).max(20).optional(),
  })
  .refine((body) => body.type !== "result" || body.result || body.results, {
    message: "A result callback needs result or results",
    path: ["result"],
  })
  .refine((body) => body.type !== "progress" || body.message || body.percent !== undefined, {
    message: "A progress callback needs a message or a percent",
    path: ["message"],
  });
export type CallbackBody = z.infer<typeof callbackBodySchema>;

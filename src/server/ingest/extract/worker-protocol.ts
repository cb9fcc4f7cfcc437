import type { ExtractionInput, ExtractionResult } from "./types.ts";

/** Messages between runExtraction and its worker threads. */

export interface WorkerRequest {
  id: number;
  input: ExtractionInput;
}

export type WorkerResponse =
  | { id: number; ok: true; result: ExtractionResult }
  /** `message` is for users; `detail` for the logs. */
  | { id: number; ok: false; message: string; detail: string | undefined };

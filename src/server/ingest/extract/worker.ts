import { parentPort } from "node:worker_threads";
import { FILE_TYPE_INFO } from "#shared/file-types.ts";
import { extractDocument } from "./extract-document.ts";
import { ExtractionError } from "./extraction-error.ts";
import type { WorkerRequest, WorkerResponse } from "./worker-protocol.ts";

/**
 * The extraction worker thread: one file at a time, as runExtraction sends
 * them. Any failure becomes a message with a reason a user can read; the
 * thread itself stays up for the next file (runExtraction ends it on a timeout
 * or when it runs out of memory).
 */

const port = parentPort;
if (!port) throw new Error("worker.ts runs only as a worker thread (see run-extraction.ts).");

port.on("message", (request: WorkerRequest) => {
  void handle(request).then(({ response, transfer }) => port.postMessage(response, transfer));
});

async function handle(
  request: WorkerRequest,
): Promise<{ response: WorkerResponse; transfer: ArrayBuffer[] }> {
  try {
    const result = await extractDocument(request.input);
    // A fresh, exactly sized buffer: safe to transfer instead of copying.
    const preview = result.preview && { ...result.preview, bytes: result.preview.bytes.slice() };
    return {
      response: { id: request.id, ok: true, result: { ...result, preview } },
      transfer: preview ? [preview.bytes.buffer as ArrayBuffer] : [],
    };
  } catch (error) {
    if (error instanceof ExtractionError) {
      return {
        response: { id: request.id, ok: false, message: error.message, detail: error.detail },
        transfer: [],
      };
    }
    const info = FILE_TYPE_INFO[request.input.fileType];
    const label = info ? (info.kind === "image" ? info.label : `${info.label} file`) : "file";
    return {
      response: {
        id: request.id,
        ok: false,
        message: `This ${label} could not be processed: it may be damaged or use features that are not supported.`,
        detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
      },
      transfer: [],
    };
  }
}

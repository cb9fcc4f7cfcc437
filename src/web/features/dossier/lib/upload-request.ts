import { errorBodySchema } from "#shared/errors.ts";
import { type UploadResponse, uploadResponseSchema } from "#shared/schemas/upload.ts";

export const UPLOAD_NETWORK_ERROR =
  "Could not reach the server. Check your connection and try again.";
export const UPLOAD_CANCELLED = "Upload cancelled.";

export interface UploadRequest {
  file: File;
  /** null: the top level of the dossier. */
  folderId: string | null;
  token: string | null;
  /** Bytes sent so far and the request's total. */
  onProgress: (loaded: number, total: number) => void;
}

export interface RunningUpload {
  done: Promise<UploadResponse>;
  abort: () => void;
}

/** The server's words for a refused request, or the status when it sent none. */
export function uploadErrorMessage(status: number, body: string): string {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(body));
    if (parsed.success && parsed.data.errorMessage) return parsed.data.errorMessage;
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the status.
  }
  if (status === 413) return "The file is larger than the upload limit.";
  return `The upload failed (HTTP ${status}). Please try again.`;
}

/**
 * One file to the upload endpoint as multipart, with XMLHttpRequest because
 * fetch cannot report upload progress. The access token goes in the
 * Authorization header; the session cookie would do too.
 */
export function sendUpload(request: UploadRequest): RunningUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResponse>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(uploadErrorMessage(xhr.status, xhr.responseText)));
        return;
      }
      try {
        resolve(uploadResponseSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new Error("The server sent an answer this page cannot read. Please reload."));
      }
    };
    xhr.onerror = () => reject(new Error(UPLOAD_NETWORK_ERROR));
    xhr.onabort = () => reject(new Error(UPLOAD_CANCELLED));
  });

  const form = new FormData();
  if (request.folderId) form.append("folderId", request.folderId);
  form.append("file", request.file, request.file.name);
  xhr.open("POST", "/api/documents/upload");
  if (request.token) xhr.setRequestHeader("Authorization", `Bearer ${request.token}`);
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}

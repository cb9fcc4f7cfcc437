import { create } from "zustand";
import { fileTypeForName } from "#shared/file-types.ts";
import { type RunningUpload, sendUpload, UPLOAD_CANCELLED } from "../lib/upload-request.ts";

export type UploadStatus = "queued" | "uploading" | "uploaded" | "failed" | "cancelled";

export interface UploadItem {
  id: string;
  fileName: string;
  size: number;
  folderId: string | null;
  /** Where it goes, for the panel ("“2024”", "the top level"). */
  folderLabel: string;
  /** The folder's slug path, to open the document there; null for the top level. */
  folderPath: string | null;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  /** The created document, once the server has it. */
  documentId?: string;
  error?: string;
}

interface UploadState {
  items: UploadItem[];
  /** Folded to its header. */
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  update: (id: string, patch: Partial<UploadItem>) => void;
  add: (items: UploadItem[]) => void;
  /** Forget finished uploads (the panel's close button). */
  clearFinished: () => void;
}

export const useUploadStore = create<UploadState>()((set) => ({
  items: [],
  collapsed: false,
  setCollapsed: (collapsed) => set({ collapsed }),
  update: (id, patch) =>
    set((state) => ({
      items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    })),
  add: (items) => set((state) => ({ items: [...state.items, ...items], collapsed: false })),
  clearFinished: () =>
    set((state) => ({
      items: state.items.filter((item) => item.status === "queued" || item.status === "uploading"),
    })),
}));

/** Files sent at once; the rest wait their turn (the server has work to do with each). */
const CONCURRENT_UPLOADS = 3;

const files = new Map<string, File>();
const running = new Map<string, RunningUpload>();
const tokens = new Map<string, () => Promise<string | null>>();
/** Cancelled while their token was being fetched, before the request existed. */
const cancelRequested = new Set<string>();
let counter = 0;

export const UNSUPPORTED_TYPE =
  "This type of file is not supported. Upload PDF, Word, Excel, CSV, PowerPoint, text, Markdown, HTML or image files.";

/**
 * Queues files for upload into a folder, each with its own request, progress
 * and outcome. Files of a type the dossier does not take fail at once.
 */
export function enqueueUploads(options: {
  files: readonly File[];
  folderId: string | null;
  folderLabel: string;
  folderPath: string | null;
  getToken: () => Promise<string | null>;
}): void {
  const items = options.files.map((file): UploadItem => {
    const id = `upload-${++counter}`;
    const supported = fileTypeForName(file.name) !== undefined;
    if (supported) {
      files.set(id, file);
      tokens.set(id, options.getToken);
    }
    return {
      id,
      fileName: file.name,
      size: file.size,
      folderId: options.folderId,
      folderLabel: options.folderLabel,
      folderPath: options.folderPath,
      status: supported ? "queued" : "failed",
      progress: 0,
      error: supported ? undefined : UNSUPPORTED_TYPE,
    };
  });
  useUploadStore.getState().add(items);
  pump();
}

/** Stops an upload in flight, or takes a queued one out of the queue. */
export function cancelUpload(id: string): void {
  const upload = running.get(id);
  if (upload) {
    cancelRequested.add(id);
    upload.abort();
    return;
  }
  files.delete(id);
  tokens.delete(id);
  useUploadStore.getState().update(id, { status: "cancelled", error: UPLOAD_CANCELLED });
}

function pump(): void {
  const { items } = useUploadStore.getState();
  const free = CONCURRENT_UPLOADS - running.size;
  for (const item of items.filter((i) => i.status === "queued").slice(0, Math.max(0, free))) {
    void start(item);
  }
}

async function start(item: UploadItem): Promise<void> {
  const file = files.get(item.id);
  const getToken = tokens.get(item.id);
  if (!file || !getToken) return;
  const { update } = useUploadStore.getState();
  update(item.id, { status: "uploading", progress: 0 });
  // Reserve the slot before the token arrives, so pump() does not overfill.
  running.set(item.id, { done: Promise.resolve({ documents: [], errors: [] }), abort: () => {} });
  try {
    const token = await getToken();
    if (cancelRequested.has(item.id)) throw new Error(UPLOAD_CANCELLED);
    const upload = sendUpload({
      file,
      folderId: item.folderId,
      token,
      onProgress: (loaded, total) => update(item.id, { progress: total > 0 ? loaded / total : 0 }),
    });
    running.set(item.id, upload);
    const result = await upload.done;
    const created = result.documents[0];
    if (created) {
      update(item.id, { status: "uploaded", progress: 1, documentId: created._id });
    } else {
      const message = result.errors[0]?.message ?? "The server did not accept this file.";
      update(item.id, { status: "failed", error: message });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    update(item.id, {
      status: message === UPLOAD_CANCELLED ? "cancelled" : "failed",
      error: message,
    });
  } finally {
    running.delete(item.id);
    cancelRequested.delete(item.id);
    files.delete(item.id);
    tokens.delete(item.id);
    pump();
  }
}

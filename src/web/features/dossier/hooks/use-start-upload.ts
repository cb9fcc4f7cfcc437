import { useCallback } from "react";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { enqueueUploads } from "./upload-store.ts";

/** Uploads files into a folder with the signed-in user's access token. */
export function useStartUpload(folder: { _id: string; name: string; path: string } | null) {
  const auth = useAuthClient();
  return useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      enqueueUploads({
        files,
        folderId: folder?._id ?? null,
        folderLabel: folder ? `“${folder.name}”` : "the top level",
        folderPath: folder?.path ?? null,
        getToken: () => auth.fetchAccessToken(),
      });
    },
    [auth, folder],
  );
}

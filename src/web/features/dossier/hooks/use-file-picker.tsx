import { useCallback, useRef } from "react";
import { ACCEPTED_EXTENSIONS } from "#shared/file-types.ts";

/**
 * A hidden multi-file input and a function that opens it, so any button
 * (the toolbar's, the empty state's) can start an upload.
 */
export function useFilePicker(onFiles: (files: File[]) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const open = useCallback(() => ref.current?.click(), []);
  const input = (
    <input
      ref={ref}
      type="file"
      multiple
      accept={ACCEPTED_EXTENSIONS.join(",")}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid="upload-input"
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        // Choosing the same file again must fire change again.
        event.currentTarget.value = "";
        onFiles(files);
      }}
    />
  );
  return { input, open };
}

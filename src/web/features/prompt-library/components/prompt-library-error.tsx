import { LoadError } from "../../../components/load-error.tsx";

export const LOAD_ERROR_TITLE = "Error Loading Prompt Library";
export const LOAD_ERROR_FALLBACK = "Failed to load prompts";

/** SPEC 2: the library's load error, with the message (or a fallback) and Try Again. */
export function PromptLibraryError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <LoadError
      title={LOAD_ERROR_TITLE}
      fallback={LOAD_ERROR_FALLBACK}
      testId="prompt-library-error"
      error={error}
      retry={retry}
    />
  );
}

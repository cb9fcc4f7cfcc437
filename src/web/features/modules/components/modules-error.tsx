import { LoadError } from "../../../components/load-error.tsx";

export const MODULES_ERROR_TITLE = "Error Loading Modules";
export const MODULES_ERROR_FALLBACK = "Failed to load modules";

/** The catalogue's load error, with the message (or a fallback) and Try Again. */
export function ModulesError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <LoadError
      title={MODULES_ERROR_TITLE}
      fallback={MODULES_ERROR_FALLBACK}
      testId="modules-error"
      error={error}
      retry={retry}
    />
  );
}

import { createContext, type ReactNode, useContext } from "react";
import type { CitationSource } from "../../lib/sources.ts";

/** The sources of the answer being rendered, for its [n] references. */
const CitationContext = createContext<readonly CitationSource[]>([]);

export function CitationProvider({
  sources,
  children,
}: {
  sources: readonly CitationSource[];
  children: ReactNode;
}) {
  return <CitationContext value={sources}>{children}</CitationContext>;
}

export function useCitationSources(): readonly CitationSource[] {
  return useContext(CitationContext);
}

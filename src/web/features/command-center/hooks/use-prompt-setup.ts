import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import * as documentsApi from "#shared/api/documents.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { promptsOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

const NO_IDS: string[] = [];

/** What the chat starts with besides its text (the chat's ChatSetup). */
export interface PromptSetup {
  modelId: string | null;
  documents: DocumentSummary[];
}

/**
 * The model and documents a library prompt starts a new chat with. Only the
 * documents the member may read come back from documents.getMany, so a
 * prompt naming one they may not see attaches the others.
 */
export function usePromptSetup(promptId: string | undefined): PromptSetup | undefined {
  const prompts = useQuery({ ...promptsOptions(), enabled: promptId !== undefined });
  const prompt = promptId ? prompts.data?.find((p) => p._id === promptId) : undefined;
  const documentIds = prompt?.documentIds ?? NO_IDS;
  const documents = useQuery({
    ...liveQueryOptions(documentsApi.getMany, { documentIds }),
    enabled: documentIds.length > 0,
  });
  return useMemo(() => {
    if (!prompt) return undefined;
    return { modelId: prompt.modelId, documents: documents.data ?? [] };
  }, [prompt, documents.data]);
}

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { PickedDocument } from "../../../components/document-picker-dialog.tsx";
import { promptDocumentsOptions } from "../api/prompt-queries.ts";

const NONE: string[] = [];

/**
 * The documents a prompt attaches, as the form edits them: those the editor
 * may read are loaded once (documents.getMany leaves out the others), then
 * changed here until the form is saved.
 */
export function usePromptDocuments(prompt: Prompt | undefined) {
  const ids = prompt?.documentIds ?? NONE;
  const loaded = useQuery({ ...promptDocumentsOptions(ids), enabled: ids.length > 0 });
  const [value, set] = useState<PickedDocument[] | null>(ids.length === 0 ? [] : null);
  useEffect(() => {
    if (value === null && loaded.data) {
      set(loaded.data.map((d) => ({ _id: d._id, name: d.title || d.name })));
    }
  }, [value, loaded.data]);
  return { value: value ?? [], set };
}

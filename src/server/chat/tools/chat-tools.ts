import { listThreadDocumentsTool } from "./list-thread-documents-tool.ts";
import { readDocumentTool } from "./read-document-tool.ts";
import { searchDocumentsTool } from "./search-documents-tool.ts";
import type { ToolContext } from "./tool-context.ts";

/** The tools of one answer, bound to the requesting user and thread. */
export function chatTools(context: ToolContext) {
  return {
    searchDocuments: searchDocumentsTool(context),
    readDocument: readDocumentTool(context),
    listThreadDocuments: listThreadDocumentsTool(context),
  };
}

export type ChatTools = ReturnType<typeof chatTools>;

import { z } from "zod";

/**
 * Words for a tool call in an answer: what the assistant did (running, done,
 * failed) and a short summary of the result. Inputs and outputs come from the
 * model and the server; they are read defensively and shown as text only.
 */
export type ToolStatus = "running" | "done" | "failed";

const TOOL_LABELS: Record<string, { running: string; done: string }> = {
  searchDocuments: { running: "Searching documents", done: "Searched documents" },
  readDocument: { running: "Reading a document", done: "Read a document" },
  listThreadDocuments: { running: "Listing attached documents", done: "Listed attached documents" },
};

export function toolLabel(toolName: string, status: ToolStatus): string {
  const known = TOOL_LABELS[toolName];
  if (known) return status === "running" ? `${known.running}…` : known.done;
  const words = toolName
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return status === "running" ? `Using ${words}…` : `Used ${words}`;
}

const queryInput = z.object({ query: z.string() });
const listOutput = z.union([
  z.array(z.unknown()),
  z.object({ results: z.array(z.unknown()) }).transform((o) => o.results),
  z.object({ documents: z.array(z.unknown()) }).transform((o) => o.documents),
]);
const namedOutput = z.object({
  documentName: z.string().optional(),
  name: z.string().optional(),
  title: z.string().nullable().optional(),
  document: z.object({ name: z.string() }).optional(),
});

/** One line under the label: the query and what came back. */
export function toolSummary(
  toolName: string,
  status: ToolStatus,
  input: unknown,
  output: unknown,
  errorText?: string,
): string | null {
  if (status === "failed") return errorText?.trim() || "The tool failed.";
  const query = queryInput.safeParse(input);
  const parts: string[] = [];
  if (query.success && query.data.query.trim()) parts.push(`“${query.data.query.trim()}”`);
  if (status === "done") {
    const list = listOutput.safeParse(output);
    if (list.success) {
      const n = list.data.length;
      parts.push(toolName === "searchDocuments" ? plural(n, "result") : plural(n, "document"));
    } else {
      const named = namedOutput.safeParse(output);
      const name = named.success
        ? (named.data.documentName ??
          named.data.title ??
          named.data.name ??
          named.data.document?.name)
        : undefined;
      if (name) parts.push(name);
    }
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Tool data as readable text, cut short (details view). */
export function toolDataText(value: unknown, max = 2000): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  } catch {
    text = String(value);
  }
  if (text === undefined) return "";
  return text.length > max ? `${text.slice(0, max)}\n…` : text;
}

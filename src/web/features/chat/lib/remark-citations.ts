/**
 * A remark plugin that turns citation markers the model writes ("[1]",
 * "[2, 3]", "[1][4]") into `<sup data-citation="1,4">` elements the
 * Markdown renderer shows as clickable references. Markers inside links and
 * code are left alone. Only this plugin can produce the attribute: raw HTML
 * from the model is never rendered.
 */

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

/** One marker: up to 3 digits per number, separated by commas or semicolons. */
const MARKER = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g;
const SKIPPED_PARENTS = new Set(["link", "linkReference", "footnoteDefinition"]);

export function remarkCitations() {
  return (tree: MdNode) => {
    visit(tree);
  };
}

function visit(node: MdNode): void {
  if (!node.children || SKIPPED_PARENTS.has(node.type)) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === "text" && typeof child.value === "string") {
      next.push(...splitCitations(child.value));
    } else {
      visit(child);
      next.push(child);
    }
  }
  node.children = next;
}

/** Text with markers as a list of text and citation nodes (adjacent markers merge). */
export function splitCitations(text: string): MdNode[] {
  const nodes: MdNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const start = match.index;
    const numbers = parseNumbers(match[1] ?? "");
    const previous = nodes.at(-1);
    const between = text.slice(last, start);
    if (between === "" && previous?.type === "citation") {
      mergeInto(previous, numbers);
    } else {
      if (between) nodes.push({ type: "text", value: between });
      nodes.push(citationNode(numbers));
    }
    last = start + match[0].length;
  }
  if (last === 0) return [{ type: "text", value: text }];
  if (last < text.length) nodes.push({ type: "text", value: text.slice(last) });
  return nodes;
}

function parseNumbers(list: string): number[] {
  return list
    .split(/[,;]/)
    .map((n) => Number.parseInt(n.trim(), 10))
    .filter((n) => Number.isInteger(n) && n > 0);
}

function citationNode(numbers: number[]): MdNode {
  const label = numbers.join(",");
  return {
    type: "citation",
    children: [{ type: "text", value: label }],
    data: { hName: "sup", hProperties: { dataCitation: label } },
  };
}

function mergeInto(node: MdNode, numbers: number[]): void {
  const props = node.data?.hProperties;
  const existing =
    props && typeof props === "object" && "dataCitation" in props ? String(props.dataCitation) : "";
  const merged = citationNode([...parseNumbers(existing), ...numbers]);
  node.children = merged.children;
  node.data = merged.data;
}

/** The cited numbers of a `data-citation` attribute value. */
export function citedNumbers(value: unknown): number[] {
  return typeof value === "string" ? parseNumbers(value) : [];
}

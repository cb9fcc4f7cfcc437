import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { table } from "./stats.ts";

/**
 * Reads V8 heap snapshots (the memory probe's `heap-<pid>-<uptime>.heapsnapshot`, or any other)
 * and says what grew and what holds it (decision 033, "A chain of shared sub-results").
 *
 *   node bench/support/heap-diff.ts BEFORE AFTER [--top 40]
 *     self size and count by kind and constructor in both, largest growth first
 *   node bench/support/heap-diff.ts SNAPSHOT --retainers "object:Date" [--depth 6] [--top 15]
 *     the nodes of that kind and name grouped by the chain of what holds them, `depth` steps up
 *     (each step the first retainer that is not a weak reference), most nodes first
 *
 * A node is named `kind:constructor` as the summary prints it (`object:Date`, `string:`,
 * `closure:run`). Strings are one name (`string:`) whatever their text. A snapshot of about
 * 100 MB of heap is a file of about 100 MB and parses in seconds with
 * `--max-old-space-size=8000`.
 */

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** Kinds whose names are their contents (or long): one name for all of them. */
const NAMELESS = new Set(["string", "concatenated string", "sliced string", "number"]);

class Heap {
  readonly #s: Snapshot;
  readonly #nf: number;
  readonly #ef: number;
  readonly #field: Record<"type" | "name" | "self_size" | "edge_count", number>;
  readonly #edge: Record<"type" | "name_or_index" | "to_node", number>;
  readonly count: number;

  constructor(file: string) {
    this.#s = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
    const meta = this.#s.snapshot?.meta;
    if (!meta || !Array.isArray(this.#s.nodes)) throw new Error(`${file}: not a V8 heap snapshot`);
    this.#nf = meta.node_fields.length;
    this.#ef = meta.edge_fields.length;
    const at = (fields: string[], name: string) => {
      const index = fields.indexOf(name);
      if (index < 0) throw new Error(`${file}: no node or edge field "${name}"`);
      return index;
    };
    this.#field = {
      type: at(meta.node_fields, "type"),
      name: at(meta.node_fields, "name"),
      self_size: at(meta.node_fields, "self_size"),
      edge_count: at(meta.node_fields, "edge_count"),
    };
    this.#edge = {
      type: at(meta.edge_fields, "type"),
      name_or_index: at(meta.edge_fields, "name_or_index"),
      to_node: at(meta.edge_fields, "to_node"),
    };
    this.count = this.#s.nodes.length / this.#nf;
  }

  label(node: number): string {
    const { nodes, strings } = this.#s;
    const kind = this.#s.snapshot.meta.node_types[0][nodes[node * this.#nf + this.#field.type]!]!;
    const name = NAMELESS.has(kind) ? "" : strings[nodes[node * this.#nf + this.#field.name]!]!;
    return `${kind}:${name.slice(0, 60)}`;
  }

  size(node: number): number {
    return this.#s.nodes[node * this.#nf + this.#field.self_size]!;
  }

  /** Self size and count by label. */
  summary(): Map<string, { count: number; size: number }> {
    const out = new Map<string, { count: number; size: number }>();
    for (let node = 0; node < this.count; node++) {
      const label = this.label(node);
      const entry = out.get(label) ?? { count: 0, size: 0 };
      entry.count++;
      entry.size += this.size(node);
      out.set(label, entry);
    }
    return out;
  }

  /** For each node, who points at it: [from node, edge offset] pairs, in CSR form. */
  retainerIndex(): { start: Uint32Array; from: Uint32Array; edge: Uint32Array } {
    const { nodes, edges } = this.#s;
    const ec = this.#field.edge_count;
    const to = this.#edge.to_node;
    const counts = new Uint32Array(this.count);
    for (let node = 0, e = 0; node < this.count; node++) {
      for (const end = e + nodes[node * this.#nf + ec]! * this.#ef; e < end; e += this.#ef)
        counts[edges[e + to]! / this.#nf]!++;
    }
    const start = new Uint32Array(this.count + 1);
    for (let node = 0; node < this.count; node++) start[node + 1] = start[node]! + counts[node]!;
    const from = new Uint32Array(start[this.count]!);
    const edge = new Uint32Array(start[this.count]!);
    const next = start.slice();
    for (let node = 0, e = 0; node < this.count; node++) {
      for (const end = e + nodes[node * this.#nf + ec]! * this.#ef; e < end; e += this.#ef) {
        const target = edges[e + to]! / this.#nf;
        from[next[target]!] = node;
        edge[next[target]!++] = e;
      }
    }
    return { start, from, edge };
  }

  edgeKind(edge: number): string {
    return this.#s.snapshot.meta.edge_types[0][this.#s.edges[edge + this.#edge.type]!]!;
  }

  edgeName(edge: number): string {
    const kind = this.edgeKind(edge);
    const value = this.#s.edges[edge + this.#edge.name_or_index]!;
    // An array's elements as one: the chains group by what holds them, not at which index.
    if (kind === "element") return "[]";
    if (kind === "hidden") return "[hidden]";
    return `.${this.#s.strings[value]}`;
  }
}

function diff(beforeFile: string, afterFile: string, top: number): void {
  const before = new Heap(beforeFile).summary();
  const after = new Heap(afterFile).summary();
  const total = (m: Map<string, { size: number }>) =>
    [...m.values()].reduce((sum, entry) => sum + entry.size, 0);
  const rows = [...new Set([...before.keys(), ...after.keys()])]
    .map((label) => ({
      label,
      count: (after.get(label)?.count ?? 0) - (before.get(label)?.count ?? 0),
      size: (after.get(label)?.size ?? 0) - (before.get(label)?.size ?? 0),
      now: after.get(label)?.size ?? 0,
    }))
    .sort((a, b) => b.size - a.size)
    .slice(0, top);
  console.log(
    `self size in all: ${(total(before) / 1e6).toFixed(1)} MB -> ${(total(after) / 1e6).toFixed(1)} MB`,
  );
  console.log(
    table(
      ["kind:constructor", "growth kB", "growth (count)", "after MB"],
      rows.map((row) => [
        row.label,
        (row.size / 1e3).toFixed(0),
        String(row.count),
        (row.now / 1e6).toFixed(2),
      ]),
    ),
  );
}

function retainers(file: string, wanted: string, depth: number, top: number): void {
  const heap = new Heap(file);
  const index = heap.retainerIndex();
  const chains = new Map<string, { count: number; size: number }>();
  for (let node = 0; node < heap.count; node++) {
    if (heap.label(node) !== wanted) continue;
    const steps: string[] = [];
    let current = node;
    for (let step = 0; step < depth; step++) {
      let holder = -1;
      let via = 0;
      for (let r = index.start[current]!; r < index.start[current + 1]!; r++) {
        if (heap.edgeKind(index.edge[r]!) === "weak") continue;
        holder = index.from[r]!;
        via = index.edge[r]!;
        break;
      }
      if (holder < 0) break;
      steps.push(`${heap.edgeName(via)} <- ${heap.label(holder)}`);
      current = holder;
    }
    const key = steps.join("  |  ") || "(nothing holds it)";
    const entry = chains.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += heap.size(node);
    chains.set(key, entry);
  }
  const rows = [...chains].sort((a, b) => b[1].count - a[1].count).slice(0, top);
  for (const [chain, { count, size }] of rows)
    console.log(`${String(count).padStart(8)} ${(size / 1e3).toFixed(0).padStart(7)} kB  ${chain}`);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string" },
    retainers: { type: "string" },
    depth: { type: "string", default: "6" },
  },
});
const top = Number(values.top ?? (values.retainers ? 15 : 40));
const depth = Number(values.depth);
const usage =
  "usage: heap-diff.ts BEFORE AFTER [--top N]\n       heap-diff.ts SNAPSHOT --retainers KIND:NAME [--depth N] [--top N]";
const wholeNumbers = Number.isInteger(top) && top > 0 && Number.isInteger(depth) && depth > 0;
try {
  if (wholeNumbers && values.retainers && positionals.length === 1) {
    retainers(positionals[0]!, values.retainers, depth, top);
  } else if (wholeNumbers && !values.retainers && positionals.length === 2) {
    diff(positionals[0]!, positionals[1]!, top);
  } else {
    console.error(usage);
    process.exit(2);
  }
} catch (error) {
  // A file that is missing or not a heap snapshot: its name and why, not a stack.
  console.error(`heap-diff: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

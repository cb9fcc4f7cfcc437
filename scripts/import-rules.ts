import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The import rules of src/ (docs/decisions/011-layout-and-import-rules.md):
 * - src/shared imports neither src/server nor src/web;
 * - src/server and src/web never import each other;
 * - a feature of the web (src/web/features/<area>) does not import another
 *   feature, and src/web/lib and src/web/components import no feature;
 * - no import cycles, type-only imports included;
 * - lucide-react's icons are imported each from its own module (`lucide-react/icons/<name>`),
 *   never from the package's index, which re-exports all of them (decision 016).
 * Pure functions over a map of file -> source text, so they can be tested on
 * made-up trees; scripts/check-imports.ts runs them over the real one.
 */

export type Sources = ReadonlyMap<string, string>;

export interface ImportEdge {
  from: string;
  to: string;
}

const STATIC_IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s*["']([^"']+)["']/g;
const BARE_IMPORT = /(?:^|[\s;])import\s*["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Block and line comments blanked out, so an import in a comment is not read as one. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

/** The module specifiers a file imports (static, bare, dynamic and `import("…")` types). */
export function importSpecifiers(source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  for (const pattern of [STATIC_IMPORT, BARE_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** A specifier as a file of the tree (relative or `#shared/…`), or undefined for a package. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith("#shared/")) {
    return path.posix.join("src/shared", specifier.slice("#shared/".length));
  }
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  }
  return undefined;
}

/** Every import between files of the tree (imports of packages and assets left out). */
export function importEdges(sources: Sources): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const [file, source] of sources) {
    for (const specifier of importSpecifiers(source)) {
      const resolved = resolveSpecifier(file, specifier);
      // Generated code (the route tree) leaves the extension out.
      const to = [resolved, `${resolved}.ts`, `${resolved}.tsx`].find(
        (candidate) => candidate !== undefined && sources.has(candidate),
      );
      if (to) edges.push({ from: file, to });
    }
  }
  return edges;
}

type Layer = "shared" | "server" | "web" | "other";

function layerOf(file: string): Layer {
  const match = /^src\/(shared|server|web)\//.exec(file);
  return match ? (match[1] as Layer) : "other";
}

/** The feature area of a web file (`dossier` for src/web/features/dossier/…), if any. */
function featureOf(file: string): string | undefined {
  return /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];
}

const FORBIDDEN_LAYERS: Record<Layer, readonly Layer[]> = {
  shared: ["server", "web"],
  server: ["web"],
  web: ["server"],
  other: [],
};

/** Each import that crosses a boundary it must not, as a sentence naming both files. */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const problems: string[] = [];
  for (const { from, to } of edges) {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (FORBIDDEN_LAYERS[a].includes(b)) {
      problems.push(`${from} imports ${to}: src/${a} must not import src/${b}.`);
      continue;
    }
    if (
      to === "src/shared/api/index.ts" &&
      from.startsWith("src/web/") &&
      !/\.test\.tsx?$/.test(from)
    ) {
      problems.push(
        `${from} imports ${to}: the web imports a namespace's contract file (e.g. #shared/api/documents.ts), not the whole registry, so each chunk carries only the contracts it names (decision 016).`,
      );
      continue;
    }
    const [featureA, featureB] = [featureOf(from), featureOf(to)];
    if (featureB && featureA && featureA !== featureB) {
      problems.push(
        `${from} imports ${to}: features do not import each other; move what both need to src/web/components, src/web/lib or src/shared.`,
      );
    } else if (featureB && !featureA && /^src\/web\/(lib|components)\//.test(from)) {
      problems.push(`${from} imports ${to}: src/web/lib and src/web/components import no feature.`);
    }
  }
  return problems;
}

/**
 * Package entry points src/ must not import, with what to do instead. lucide-react's index (and
 * its `icons` alias) re-exports every icon: a chunk that imports one icon from it "reaches" all
 * of them in the module graph, so the build cannot tell which icons only the signed-in frame
 * uses, and each icon shared by two chunks became a chunk of its own (decision 016, "icons by
 * their own path"). `dynamic` and `dynamicIconImports` fetch any icon by name at run time.
 */
const FORBIDDEN_PACKAGE_IMPORTS: { test: RegExp; advice: string }[] = [
  {
    test: /^lucide-react(\/icons|\/dynamic(\.m?js)?|\/dynamicIconImports(\.mjs)?)?$/,
    advice:
      'import each icon from its own module, `import Mail from "lucide-react/icons/mail"` (the file name under node_modules/lucide-react/dist/esm/icons/), and the types with `import type { LucideIcon } from "lucide-react/types"`; the package index re-exports every icon, so the build cannot group icons by the pages that use them (decision 016)',
  },
];

/** Each import of a forbidden package entry point (see above), as a sentence saying what to do. */
export function packageImportViolations(sources: Sources): string[] {
  const problems: string[] = [];
  for (const [file, source] of sources) {
    for (const specifier of importSpecifiers(source)) {
      const rule = FORBIDDEN_PACKAGE_IMPORTS.find(({ test }) => test.test(specifier));
      if (rule) problems.push(`${file} imports "${specifier}": ${rule.advice}.`);
    }
  }
  return problems;
}

/** The import cycles: every strongly connected group of two or more files, or a file importing itself. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; child: number }[] = [{ node: root, child: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfImport = children.includes(frame.node);
      if (group.length > 1 || selfImport) cycles.push(group.sort());
    }
  }
  return cycles;
}

/** The TypeScript files under the given folders of the repository, as repository-relative paths. */
export function readSources(root: string, folders: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name)) {
        sources.set(child, readFileSync(path.join(root, child), "utf8"));
      }
    }
  };
  for (const folder of folders) walk(folder);
  return sources;
}

/** Every problem of the tree under `root`, as sentences; none means the rules hold. */
export function checkImports(root: string): string[] {
  const sources = readSources(root, ["src"]);
  const edges = importEdges(sources);
  const cycles = importCycles(edges).map(
    (files) =>
      `Import cycle among ${files.join(", ")}: break it (move what they share, types too, to a file of its own).`,
  );
  return [...layerViolations(edges), ...packageImportViolations(sources), ...cycles];
}

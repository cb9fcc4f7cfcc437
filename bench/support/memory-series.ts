import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { table } from "./stats.ts";

/**
 * Reads what bench/support/memory-probe.ts wrote into MEMORY_PROBE_DIR during a run and prints,
 * per server process, where its resident memory was over time: RSS (anonymous and file-backed),
 * V8's heap (young generation apart), what is outside it, and the samples taken after a forced
 * full collection (what is retained). For each smaps copy, resident memory by kind of mapping.
 *   node bench/support/memory-series.ts DIR [--every 6]
 */

interface Sample {
  at: number;
  uptimeS: number;
  gc: boolean;
  status: { VmRSS: number; RssAnon: number; RssFile: number; Threads: number };
  memory: NodeJS.MemoryUsage;
  spaces: Record<string, { size: number; used: number }>;
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MiB).toFixed(0);

/** The probe's samples of one process, in order. */
export function readSeries(file: string): Sample[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sample);
}

/** One row a sample: RSS, its parts, V8's heap and what is outside it (MiB). */
export function seriesTable(samples: Sample[], every = 1): string {
  const rows = samples
    .filter((s, i) => s.gc || i % every === 0 || i === samples.length - 1)
    .map((s) => {
      const young = s.spaces.new_space;
      const old = s.spaces.old_space;
      return [
        `${s.uptimeS}${s.gc ? " (after GC)" : ""}`,
        String(Math.round(s.status.VmRSS / 1024)),
        String(Math.round(s.status.RssAnon / 1024)),
        String(Math.round(s.status.RssFile / 1024)),
        mib(s.memory.heapTotal),
        mib(s.memory.heapUsed),
        young ? `${mib(young.size)}/${mib(young.used)}` : "-",
        old ? `${mib(old.size)}/${mib(old.used)}` : "-",
        mib(s.memory.external),
        // Anonymous memory V8's heap does not account for: malloc (sockets' buffers, the
        // database driver, the extraction worker's own heap), thread stacks, freed heap pages.
        String(Math.round(s.status.RssAnon / 1024 - s.memory.heapTotal / MiB)),
        String(s.status.Threads),
      ];
    });
  return table(
    [
      "uptime s",
      "RSS",
      "anon",
      "file",
      "heap total",
      "heap used",
      "young size/used",
      "old size/used",
      "external",
      "anon outside heap",
      "threads",
    ],
    rows,
  );
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  path: string;
  rssKiB: number;
}

/** Resident memory by kind of mapping in a copy of /proc/<pid>/smaps (KiB). */
export function smapsByKind(text: string): Map<string, { mappings: number; rssKiB: number }> {
  const maps: Mapping[] = [];
  let current: Mapping | undefined;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        path: head[4]!,
        rssKiB: 0,
      };
      maps.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKiB = Number(rss[1]);
  }
  const arena = 64n << 20n;
  const byKind = new Map<string, { mappings: number; rssKiB: number }>();
  for (const [i, m] of maps.entries()) {
    const next = maps[i + 1];
    let kind: string;
    if (m.path === "[heap]") kind = "malloc, main arena ([heap])";
    else if (m.path.startsWith("[")) kind = m.path;
    else if (m.path) kind = "files (the node binary, libraries)";
    else if (
      m.start % arena === 0n &&
      m.perms.startsWith("rw") &&
      (m.end - m.start === arena ||
        (next?.perms === "---p" && next.end - m.start === arena && !next.path))
    )
      // glibc's thread arenas: 64 MB reservations, aligned on 64 MB, partly read-write.
      kind = "malloc, thread arenas (64 MB heaps)";
    else if (m.perms === "---p") kind = "reserved";
    else kind = "anonymous (V8's heap pages, large mallocs, stacks)";
    const entry = byKind.get(kind) ?? { mappings: 0, rssKiB: 0 };
    entry.mappings++;
    entry.rssKiB += m.rssKiB;
    byKind.set(kind, entry);
  }
  return byKind;
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node bench/support/memory-series.ts DIR [--every N]");
  const everyAt = process.argv.indexOf("--every");
  const every = everyAt > 0 ? Number(process.argv[everyAt + 1]) : 6;
  const files = readdirSync(dir).sort();
  for (const file of files.filter((f) => /^memory-\d+\.jsonl$/.test(f))) {
    process.stdout.write(
      `\n${file} (MiB)\n${seriesTable(readSeries(path.join(dir, file)), every)}\n`,
    );
  }
  for (const file of files.filter((f) => /^smaps-.*\.txt$/.test(f))) {
    const byKind = [...smapsByKind(readFileSync(path.join(dir, file), "utf8"))]
      .filter(([, e]) => e.rssKiB > 0)
      .sort((a, b) => b[1].rssKiB - a[1].rssKiB);
    process.stdout.write(
      `\n${file}: resident memory by kind of mapping\n${table(
        ["kind", "mappings", "resident MiB"],
        byKind.map(([kind, e]) => [kind, String(e.mappings), (e.rssKiB / 1024).toFixed(1)]),
      )}\n`,
    );
  }
}

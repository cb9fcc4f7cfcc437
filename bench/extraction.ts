import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractDocument } from "../src/server/ingest/extract/extract-document.ts";
import {
  closeExtractionWorkers,
  type ExtractionInput,
  runExtraction,
} from "../src/server/ingest/extract/index.ts";
import { docxFixture, pdfFixture, writeFixture } from "../tests/support/fixtures.ts";
import { machineInfo } from "./support/machine.ts";
import { ms, rounded, summarize, table } from "./support/stats.ts";

/**
 * Extraction throughput on one core: a generated 50-page PDF (pages per
 * second) and a small DOCX (files per second), one file at a time, each run
 * the whole extraction (text, sanitized HTML, chunks, summary, preview).
 * "per CPU second" divides by the CPU time this process used (all its
 * threads), so it stays meaningful when other work shares the machine.
 * Two paths: `in-process` calls the extractor directly; `worker` goes through
 * runExtraction (worker thread, limits, result copied back) as the server
 * does. Usage:
 *   node bench/extraction.ts [--pages 50] [--pdf-runs 10] [--docx-runs 100] [--warmup 3]
 */

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "50" },
    "pdf-runs": { type: "string", default: "10" },
    "docx-runs": { type: "string", default: "100" },
    warmup: { type: "string", default: "3" },
    out: { type: "string" },
  },
});
const pages = Math.max(1, Number(values.pages));
const pdfRuns = Math.max(1, Number(values["pdf-runs"]));
const docxRuns = Math.max(1, Number(values["docx-runs"]));
const warmup = Math.max(0, Number(values.warmup));
const LIMITS = { timeoutMs: 120_000, maxMemoryMb: 512 };
const log = (line: string) => process.stderr.write(`[extraction] ${line}\n`);

interface Case {
  file: string;
  path: "in-process" | "worker";
  runs: number;
  unit: "pages" | "files";
  unitsPerRun: number;
  /** Units per second of wall time. */
  throughput: number;
  /** CPU time of this process (all threads) per unit, ms. */
  cpuPerUnitMs: number;
  /** Units per CPU second: the per-core rate, robust to other load on the machine. */
  perCpuSecond: number;
  latency: ReturnType<typeof summarize>;
  loadAverage: [number, number];
}

async function measure(
  name: string,
  input: ExtractionInput,
  mode: Case["path"],
  runs: number,
  unit: Case["unit"],
  unitsPerRun: number,
): Promise<Case> {
  const once = () => (mode === "worker" ? runExtraction(input, LIMITS) : extractDocument(input));
  for (let i = 0; i < warmup; i += 1) await once();
  const loadAtStart = os.loadavg()[0]!;
  const cpuStart = process.cpuUsage();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const result = await once();
    times.push(performance.now() - t);
    if (unit === "pages" && result.metadata.pages !== unitsPerRun) {
      throw new Error(`expected ${unitsPerRun} pages, got ${String(result.metadata.pages)}`);
    }
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  const units = runs * unitsPerRun;
  const measured: Case = {
    file: name,
    path: mode,
    runs,
    unit,
    unitsPerRun,
    throughput: (units * 1000) / wallMs,
    cpuPerUnitMs: (cpu.user + cpu.system) / 1000 / units,
    perCpuSecond: (units * 1_000_000) / (cpu.user + cpu.system),
    latency: summarize(times),
    loadAverage: [loadAtStart, os.loadavg()[0]!],
  };
  log(
    `${name} ${mode}: ${measured.throughput.toFixed(1)} ${unit}/s, p50 ${ms(measured.latency.p50)} ms per file`,
  );
  return measured;
}

const machine = machineInfo();
const dir = mkdtempSync(path.join(tmpdir(), "atrium-bench-extraction-"));
const cases: Case[] = [];
try {
  const pdf = await pdfFixture({ pages });
  const docx = await docxFixture();
  const pdfInput: ExtractionInput = {
    filePath: await writeFixture(dir, pdf),
    fileType: "pdf",
    fileName: pdf.fileName,
  };
  const docxInput: ExtractionInput = {
    filePath: await writeFixture(dir, docx),
    fileType: "docx",
    fileName: docx.fileName,
  };
  log(`PDF: ${pages} pages, ${pdf.bytes.length} bytes; DOCX: ${docx.bytes.length} bytes`);
  for (const mode of ["in-process", "worker"] as const) {
    cases.push(await measure(`PDF (${pages} pages)`, pdfInput, mode, pdfRuns, "pages", pages));
    cases.push(await measure("DOCX", docxInput, mode, docxRuns, "files", 1));
  }
} finally {
  await closeExtractionWorkers();
  rmSync(dir, { recursive: true, force: true });
}

const rows = cases.map((c) => [
  c.file,
  c.path,
  String(c.runs),
  `${c.throughput.toFixed(1)} ${c.unit}/s`,
  `${c.perCpuSecond.toFixed(1)} ${c.unit}/s`,
  ms(c.latency.p50),
  ms(c.latency.p99),
  ms(c.cpuPerUnitMs),
  c.loadAverage.map((l) => l.toFixed(1)).join("/"),
]);
const headers = [
  "file",
  "path",
  "runs",
  "wall throughput",
  "per CPU second",
  "p50/file",
  "p99/file",
  "CPU/unit",
  "load",
];
process.stdout.write(
  `\nExtraction throughput, one file at a time (times in ms)\n${table(headers, rows)}\n`,
);

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
const out = values.out ?? path.join(resultsDir, "extraction.json");
mkdirSync(path.dirname(out), { recursive: true });
const command = `node bench/extraction.ts ${process.argv.slice(2).join(" ")}`.trim();
writeFileSync(
  out,
  `${JSON.stringify(rounded({ benchmark: "extraction", command, machine, options: { pages, pdfRuns, docxRuns, warmup }, results: cases }), null, 2)}\n`,
);
process.stdout.write(`\nwrote ${path.relative(process.cwd(), out)}\n`);

import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { machineInfo } from "./support/machine.ts";
import { RESULTS_DIR } from "./support/prepare.ts";
import { MIX_FUNCTIONS, measureRequestCpu, type RequestCpu } from "./support/request-cpu.ts";
import { rounded, table } from "./support/stats.ts";

/**
 * CPU per request of the soak's HTTP mix on PGlite, per function, without sockets (issue 16,
 * decision 032 "PGlite request cost"). In process, through the server's own `execute`; figures
 * are this process's CPU (`process.cpuUsage()`), statements through PGlite and PGlite's `fstat`s,
 * so a loaded machine moves them little. Usage:
 *   npm run bench:request-cpu -- [--calls 300] [--warmup 50] [--variants default,unprepared]
 *     [--organizations 4] [--members 10] [--documents 20] [--only fn,fn] [--profile] [--explain]
 *     [--out FILE]
 * Variants: "default" (as the server runs), "unprepared" (ATRIUM_PGLITE_PREPARED=0: PGlite's own
 * `query` for every statement), "scope" (ATRIUM_PGLITE_PREPARED=scope: named statements only
 * inside withPreparedStatements, as before decision 032's "PGlite request cost"),
 * "prepared-scope" (every call inside withPreparedStatements). --profile adds a CPU profile per function (a separate pass).
 */

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "300" },
    warmup: { type: "string", default: "50" },
    variants: { type: "string", default: "default,unprepared" },
    organizations: { type: "string", default: "4" },
    members: { type: "string", default: "10" },
    documents: { type: "string", default: "20" },
    only: { type: "string" },
    profile: { type: "boolean", default: false },
    explain: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const VARIANTS: Record<string, { env?: Record<string, string>; preparedScope?: boolean }> = {
  default: {},
  unprepared: { env: { ATRIUM_PGLITE_PREPARED: "0" } },
  scope: { env: { ATRIUM_PGLITE_PREPARED: "scope" } },
  "prepared-scope": { preparedScope: true },
};
const variants = values.variants!.split(",").map((v) => v.trim());
for (const v of variants) if (!VARIANTS[v]) throw new Error(`--variants: ${Object.keys(VARIANTS)}`);
const only = values.only?.split(",").map((f) => f.trim());
for (const f of only ?? [])
  if (!MIX_FUNCTIONS.includes(f)) throw new Error(`--only: ${MIX_FUNCTIONS}`);
const log = (line: string) => process.stderr.write(`[request-cpu] ${line}\n`);
const machine = machineInfo();
const runs: RequestCpu[] = [];
for (const label of variants) {
  runs.push(
    await measureRequestCpu({
      label,
      calls: Number(values.calls),
      warmup: Number(values.warmup),
      organizations: Number(values.organizations),
      members: Number(values.members),
      documents: Number(values.documents),
      ...VARIANTS[label],
      profile: values.profile,
      explain: values.explain,
      only,
      log,
    }),
  );
}

const f2 = (n: number) => n.toFixed(2);
const f1 = (n: number) => n.toFixed(1);
process.stdout.write(
  `\nCPU per request, PGlite, no sockets (load ${os.loadavg()[0]!.toFixed(1)} at the end)\n`,
);
process.stdout.write(
  `${table(
    ["function", "share", ...runs.flatMap((r) => [`${r.label} ms`, "stmts", "named", "fstat"])],
    [
      ...runs[0]!.functions.map((f, i) => [
        f.fn,
        `${(f.share * 100).toFixed(1)} %`,
        ...runs.flatMap((r) => {
          const g = r.functions[i]!;
          return [f2(g.cpuMs), f1(g.statements), f1(g.named), f1(g.fstats)];
        }),
      ]),
      [
        "mix (weighted)",
        "100 %",
        ...runs.flatMap((r) => [f2(r.mix.cpuMs), f1(r.mix.statements), "", f1(r.mix.fstats)]),
      ],
    ],
  )}\n`,
);
if (values.profile) {
  for (const r of runs) {
    for (const f of r.functions) {
      const cats = (f.profile ?? [])
        .filter((c) => c.frame !== "(idle)")
        .slice(0, 8)
        .map((c) => `${c.frame} ${(c.share * 100).toFixed(0)}%`)
        .join(", ");
      process.stdout.write(`${r.label} ${f.fn}: ${cats}\n`);
    }
  }
}
const out = values.out ?? path.join(RESULTS_DIR, "request-cpu-pglite.json");
mkdirSync(path.dirname(out), { recursive: true });
const command = `npm run bench:request-cpu -- ${process.argv.slice(2).join(" ")}`.trim();
writeFileSync(
  out,
  `${JSON.stringify(rounded({ benchmark: "request-cpu", command, machine, runs }), null, 2)}\n`,
);
process.stdout.write(`\nwrote ${path.relative(process.cwd(), out)}\n`);

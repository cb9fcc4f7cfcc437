import { parseArgs } from "node:util";
import { z } from "zod";
import { queryContract } from "#shared/api/define.ts";
import { implement, Registry } from "../src/server/api/registry.ts";
import { recordReads } from "../src/server/db/read-tracker.ts";
import { patchJson, type Subscriber } from "../src/server/realtime/live-query-hub.ts";
import { hubWithoutDatabase } from "../tests/support/live-hub.ts";
import { machineInfo } from "./support/machine.ts";
import { wholeNumber } from "./support/query-bench.ts";

/**
 * The live hub's own CPU for a re-run, no database: a page of rows (fresh objects every run, as
 * rows read from a database are) for each of `--groups` members, watched by `--sockets` sockets
 * each, one row renamed per change, every group re-run and pushed as the server's sockets push
 * (a patch to a socket that has the result it replaces, else the whole value). What it leaves
 * out (statements, access rules, the socket's write) is the soak's to measure. Usage:
 *   node bench/live-rerun-cpu.ts [--rows 20,200] [--groups 10] [--sockets 5] [--changes 3000]
 *     [--rounds 3]
 */

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "20,200" },
    groups: { type: "string", default: "10" },
    sockets: { type: "string", default: "5" },
    changes: { type: "string", default: "3000" },
    rounds: { type: "string", default: "3" },
  },
});

function options() {
  try {
    return {
      GROUPS: wholeNumber("--groups", values.groups, 1, 1_000),
      SOCKETS: wholeNumber("--sockets", values.sockets, 1, 1_000),
      CHANGES: wholeNumber("--changes", values.changes, 1, 1_000_000),
      ROUNDS: wholeNumber("--rounds", values.rounds, 1, 100),
      ROWS: values.rows!.split(",").map((rows) => wholeNumber("--rows (each)", rows, 1, 10_000)),
    };
  } catch (error) {
    console.error(`live-rerun-cpu: ${(error as Error).message}`);
    process.exit(2);
  }
}
const { GROUPS, SOCKETS, CHANGES, ROUNDS, ROWS } = options();

const rowSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  folderId: z.string().nullable(),
  ownerId: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  status: z.string(),
  tags: z.array(z.string()),
  primaryTag: z.string().nullable(),
  updatedAt: z.number(),
  isFavorite: z.boolean(),
  canEdit: z.boolean(),
});
type Row = z.infer<typeof rowSchema>;

const contract = queryContract("bench.page", {
  args: z.object({ member: z.number() }),
  returns: z.object({ page: z.array(rowSchema), isDone: z.boolean(), continueCursor: z.string() }),
  access: "public",
});

async function runCase(rows: number): Promise<{ usPerRun: number; bytesPerPush: number }> {
  const base: Row[] = Array.from({ length: rows }, (_, i) => ({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    _creationTime: 1_760_000_000_000 + i,
    name: `Document ${i}.pdf`,
    title: i % 3 === 0 ? null : `Title of document ${i}`,
    folderId: "11111111-1111-4111-8111-111111111111",
    ownerId: "22222222-2222-4222-8222-222222222222",
    fileType: "pdf",
    fileSize: 10_000 + i,
    status: "completed",
    tags: i % 2 === 0 ? ["contract", "2026"] : [],
    primaryTag: i % 2 === 0 ? "contract" : null,
    updatedAt: 1_760_000_000_000 + i,
    isFavorite: false,
    canEdit: true,
  }));
  const registry = new Registry([
    implement(
      contract,
      async (_ctx, args) => {
        recordReads("documents");
        // Fresh objects every run, as a statement's rows are; the member's own column.
        const page = base.map((row, i) => ({ ...row, isFavorite: (i + args.member) % 7 === 0 }));
        return { page, isDone: true, continueCursor: "" };
      },
      { liveScope: "global" },
    ),
  ]);
  const hub = hubWithoutDatabase(registry);
  let pushes = 0;
  let bytes = 0;
  let want = "";
  let reached = 0;
  let done: () => void = () => undefined;
  for (let g = 0; g < GROUPS; g++) {
    for (let s = 0; s < SOCKETS; s++) {
      const subscriber: Subscriber = {
        // As sync-connection.ts does: a patch to a socket that has the result it replaces.
        // Either shape of `send` (the result alone, or before ef8f616 kind, json and result),
        // so that a worktree of an older commit runs the same benchmark.
        send(...args: unknown[]) {
          const result = (args.length === 1 ? args[0] : args[2]) as Parameters<typeof patchJson>[0];
          pushes++;
          const patch =
            result.base !== undefined && subscriber.lastSent === result.base
              ? patchJson(result)
              : null;
          const frame =
            patch !== null
              ? `{"type":"query_patch","id":"team","patch":${patch}}`
              : `{"type":"query_result","id":"team","value":${result.json}}`;
          bytes += frame.length;
          if (want && frame.includes(want) && ++reached === GROUPS * SOCKETS) done();
          return patch !== null ? frame.length : true;
        },
      };
      hub.subscribe(null, contract.path, { member: g }, subscriber);
    }
  }
  await new Promise((r) => setTimeout(r, 50));
  const change = async (n: number) => {
    const i = n % rows;
    want = `Renamed ${n}.pdf`;
    reached = 0;
    const settled = new Promise<void>((resolve) => {
      done = resolve;
    });
    base[i] = { ...base[i]!, name: want, updatedAt: base[i]!.updatedAt + 1 };
    hub.notify(JSON.stringify({ t: "documents", o: null, i: null }));
    await settled;
  };
  for (let n = 0; n < 200; n++) await change(n);
  pushes = 0;
  bytes = 0;
  const cpu = process.cpuUsage();
  for (let n = 0; n < CHANGES; n++) await change(1_000 + n);
  const used = process.cpuUsage(cpu);
  const runs = CHANGES * GROUPS;
  return { usPerRun: (used.user + used.system) / runs, bytesPerPush: bytes / Math.max(1, pushes) };
}

const machine = machineInfo();
process.stdout.write(
  `live re-run CPU, no database (${machine.cpuModel}, ${machine.nproc} cores, Node ${process.version}): ` +
    `${GROUPS} groups x ${SOCKETS} sockets, ${CHANGES} changes a round\n`,
);
for (const rows of ROWS) {
  const figures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { usPerRun, bytesPerPush } = await runCase(rows);
    figures.push(`${usPerRun.toFixed(1)} µs (${bytesPerPush.toFixed(0)} B a push)`);
  }
  process.stdout.write(`${String(rows).padStart(4)} rows: CPU a re-run ${figures.join(", ")}\n`);
}

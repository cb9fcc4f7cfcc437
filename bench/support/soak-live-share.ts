import { readFileSync } from "node:fs";

/**
 * The live path's share of a server's busy CPU, from its .cpuprofile (`--profile`): samples
 * whose stack holds a frame of src/server/realtime/ (the hub's runs, deliveries, the sockets'
 * sends, the change feed) or of the live list's own part (list-documents.ts's shared page and
 * batched member parts). An approximation, said as such in the report: a continuation after an
 * `await` has only its own synchronous stack, so the JSON parsing of a live statement's rows
 * by the driver counts as the database driver's, not as live.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

const LIVE_FRAMES = /\/src\/server\/realtime\//;
const LIVE_FUNCTIONS = new Set(["listSharedFolderPage", "memberParts"]);

export function liveShare(file: string): { busyMs: number; liveMs: number } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const live = new Map<number, boolean>();
  const isLive = (id: number): boolean => {
    const known = live.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const frame = node?.callFrame;
    const up = parent.get(id);
    const answer =
      !!frame &&
      (LIVE_FRAMES.test(frame.url) ||
        (frame.url.includes("/src/") && LIVE_FUNCTIONS.has(frame.functionName)) ||
        (up !== undefined && isLive(up)));
    live.set(id, answer);
    return answer;
  };
  let busyUs = 0;
  let liveUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    busyUs += us;
    if (isLive(node.id)) liveUs += us;
  }
  return { busyMs: busyUs / 1000, liveMs: liveUs / 1000 };
}

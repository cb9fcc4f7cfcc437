import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run dev`: the server (restarted on change, port 3000) and Vite with hot
 * reload on http://localhost:5173, which proxies /api (and the WebSocket) to it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const node = process.execPath;

const children: ChildProcess[] = [
  spawn(node, ["--watch", "--watch-preserve-output", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
  }),
  spawn(node, [path.join(root, "node_modules/.bin/vite")], { cwd: root, stdio: "inherit" }),
];

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
};
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

import { Worker } from "node:worker_threads";
import { ExtractionError } from "./extraction-error.ts";
import type { ExtractionInput, ExtractionLimits, ExtractionResult } from "./types.ts";
import type { WorkerRequest, WorkerResponse } from "./worker-protocol.ts";

/**
 * Extraction runs in worker threads so a hostile file cannot take the server
 * down: each job has a deadline (the worker is terminated when it passes) and
 * a heap cap (resourceLimits; running out ends the worker, not the process).
 * Any crash, timeout or out-of-memory becomes an ExtractionError with a
 * readable message.
 *
 * Workers are reused: starting one and loading pdf.js costs more than
 * extracting a typical file. A worker goes back to a small idle pool after a
 * success, is terminated after any failure that was not the file's own fault,
 * retires after MAX_JOBS_PER_WORKER jobs, and exits after IDLE_TIMEOUT_MS
 * without work. Idle workers never keep the process alive.
 */

const WORKER_URL = new URL("./worker.ts", import.meta.url);
const MAX_IDLE_WORKERS = 4;
const MAX_JOBS_PER_WORKER = 200;
const IDLE_TIMEOUT_MS = 30_000;

interface PooledWorker {
  worker: Worker;
  maxMemoryMb: number;
  jobs: number;
  alive: boolean;
  idleTimer?: NodeJS.Timeout;
}

const idle: PooledWorker[] = [];
let nextRequestId = 1;
let nativeModulesLoaded: Promise<void> | undefined;

export async function runExtraction(
  input: ExtractionInput,
  limits: ExtractionLimits,
): Promise<ExtractionResult> {
  if (!(limits.timeoutMs > 0) || !(limits.maxMemoryMb >= 16)) {
    throw new RangeError("runExtraction: timeoutMs must be positive and maxMemoryMb at least 16");
  }
  await loadNativeModules();
  const pooled = takeIdle(limits.maxMemoryMb) ?? spawn(limits.maxMemoryMb);
  return runOn(pooled, input, limits);
}

/**
 * sharp and @napi-rs/canvas must be loaded by the main thread before a worker
 * loads them: on glibc Linux, a native addon first loaded by a worker is
 * unloaded when that worker exits, which crashes the process on the next use.
 */
function loadNativeModules(): Promise<void> {
  nativeModulesLoaded ??= Promise.all([import("sharp"), import("@napi-rs/canvas")]).then(
    () => undefined,
  );
  return nativeModulesLoaded;
}

function spawn(maxMemoryMb: number): PooledWorker {
  const worker = new Worker(WORKER_URL, {
    resourceLimits: {
      maxOldGenerationSizeMb: maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(maxMemoryMb / 8))),
      stackSizeMb: 4,
    },
  });
  const pooled: PooledWorker = { worker, maxMemoryMb, jobs: 0, alive: true };
  // Permanent listeners: a worker that dies while idle leaves the pool, and an
  // 'error' event never goes unhandled (which would crash the process).
  worker.on("error", () => retire(pooled));
  worker.on("exit", () => retire(pooled));
  return pooled;
}

function takeIdle(maxMemoryMb: number): PooledWorker | undefined {
  const index = idle.findIndex((pooled) => pooled.alive && pooled.maxMemoryMb === maxMemoryMb);
  if (index < 0) return undefined;
  const [pooled] = idle.splice(index, 1);
  clearTimeout(pooled!.idleTimer);
  pooled!.worker.ref();
  return pooled;
}

function release(pooled: PooledWorker): void {
  pooled.jobs += 1;
  if (!pooled.alive || pooled.jobs >= MAX_JOBS_PER_WORKER || idle.length >= MAX_IDLE_WORKERS) {
    void stop(pooled);
    return;
  }
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => void stop(pooled), IDLE_TIMEOUT_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

function retire(pooled: PooledWorker): void {
  pooled.alive = false;
  clearTimeout(pooled.idleTimer);
  const index = idle.indexOf(pooled);
  if (index >= 0) idle.splice(index, 1);
}

async function stop(pooled: PooledWorker): Promise<void> {
  retire(pooled);
  await pooled.worker.terminate();
}

function runOn(
  pooled: PooledWorker,
  input: ExtractionInput,
  limits: ExtractionLimits,
): Promise<ExtractionResult> {
  const { worker } = pooled;
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const fail = (error: ExtractionError) => {
      if (settled) return;
      finish();
      void stop(pooled);
      reject(error);
    };
    const onMessage = (response: WorkerResponse) => {
      if (settled || response.id !== id) return;
      finish();
      release(pooled);
      if (response.ok) resolve(response.result);
      else reject(new ExtractionError(response.message, { detail: response.detail }));
    };
    const onError = (error: Error) => fail(crashError(error, limits));
    const onExit = (code: number) =>
      fail(
        new ExtractionError(
          `Processing stopped unexpectedly (the worker exited with code ${code}).`,
        ),
      );
    const timer = setTimeout(
      () =>
        fail(
          new ExtractionError(
            `Processing took too long (more than ${formatDuration(limits.timeoutMs)}).`,
          ),
        ),
      limits.timeoutMs,
    );
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    const request: WorkerRequest = { id, input };
    worker.postMessage(request);
  });
}

function crashError(error: Error, limits: ExtractionLimits): ExtractionError {
  if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") {
    return new ExtractionError(
      `The file needs more memory to process than allowed (${limits.maxMemoryMb} MB).`,
      { cause: error },
    );
  }
  return new ExtractionError("Processing failed unexpectedly.", { cause: error });
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? Number(seconds.toFixed(1)) : Math.round(seconds)} s`;
}

/** Stop every idle worker (tests and a graceful shutdown). */
export async function closeExtractionWorkers(): Promise<void> {
  await Promise.all([...idle].map(stop));
}

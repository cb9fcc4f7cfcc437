import type { Services } from "../api/context.ts";
import { passageEmbedder } from "../ingest/chunk-embeddings.ts";
import { processDocumentJob } from "../ingest/process-document-job.ts";
import { summarizeWithModel } from "../ingest/summarize-with-model.ts";
import { moduleJobHandlers } from "../modules/executions/run-execution-job.ts";
import { emailDigestJob } from "../notifications/email-digest-job.ts";
import { workflowRunJob } from "../workflows/run-job.ts";
import { tableFillJob } from "../tables/fill-job.ts";
import { removeStaleScratchDirs } from "./scratch-dir.ts";
import type { JobHandler } from "./types.ts";
import { JobWorker, type WorkerTimings } from "./worker.ts";

/** Time a job may take beyond its extraction bound (download, model summary, storing results). */
const JOB_OVERHEAD_MS = 120_000;

/**
 * The job kinds this server runs. Documents get a model-written summary when
 * a default model is configured (summarizeWithModel answers null otherwise,
 * and the extractive summary stays); members who chose email get digests.
 */
export function serverJobHandlers(services: Services): JobHandler[] {
  return [
    processDocumentJob({
      summarize: ({ text }) => summarizeWithModel(services, text),
      embed: passageEmbedder(services.models.embedding, services.log),
    }),
    ...moduleJobHandlers(services),
    emailDigestJob(),
    workflowRunJob(),
    tableFillJob(services),
  ];
}

/** Start a worker with the configured concurrency and lease (WORKER_CONCURRENCY, JOB_LEASE_SECONDS). */
export async function startJobWorker(
  services: Services,
  options: { handlers?: JobHandler[]; timings?: Partial<WorkerTimings> } = {},
): Promise<JobWorker> {
  const { worker: config } = services.config;
  const worker = new JobWorker({
    services,
    handlers: options.handlers ?? serverJobHandlers(services),
    concurrency: config.concurrency,
    timings: {
      leaseMs: config.leaseMs,
      heartbeatMs: Math.max(250, Math.floor(config.leaseMs / 3)),
      jobTimeoutMs: config.timeoutMs + JOB_OVERHEAD_MS,
      ...options.timings,
    },
  });
  await worker.start();
  removeStaleScratchDirs().then(
    (removed) => {
      if (removed > 0) services.log.info({ removed }, "removed temporary files of a dead worker");
    },
    (error: unknown) => services.log.warn({ err: error }, "could not clean temporary files"),
  );
  services.log.info(
    { worker: worker.instanceId, concurrency: config.concurrency },
    "job worker started",
  );
  return worker;
}

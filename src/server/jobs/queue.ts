import { sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { jobs } from "../db/schema.ts";
import { newId } from "../ids.ts";

export const JOBS_CHANNEL = "atrium_jobs";

export interface EnqueueOptions {
  kind: string;
  organizationId: string | null;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  runAt?: Date;
}

/**
 * Queue a durable job. Inside a transaction it becomes visible (and wakes the
 * workers of every instance) only at commit.
 */
export async function enqueueJob(db: Executor, options: EnqueueOptions): Promise<string> {
  const id = newId();
  await db.insert(jobs).values({
    id,
    kind: options.kind,
    organizationId: options.organizationId,
    payload: options.payload,
    maxAttempts: options.maxAttempts ?? 3,
    runAt: options.runAt ?? new Date(),
  });
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${options.kind})`);
  return id;
}

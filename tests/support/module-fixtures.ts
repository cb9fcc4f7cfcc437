import { randomBytes } from "node:crypto";
import { moduleOrganizations, modules } from "../../src/server/db/schema.ts";
import type { ModuleInputRow } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { type TestServer, unique } from "./server.ts";

export interface InsertedModule {
  id: string;
  slug: string;
  name: string;
  secret: string;
}

/** A module row as the admin form makes it (webhook by default), with its signing secret. */
export async function insertModule(
  server: TestServer,
  options: {
    kind?: "webhook" | "builtin";
    endpointUrl?: string | null;
    inputs?: ModuleInputRow[];
    promptTemplate?: string;
    modelId?: string | null;
    isActive?: boolean;
    organizationIds?: string[];
    name?: string;
  } = {},
): Promise<InsertedModule> {
  const db = server.running.services.database.db;
  const id = newId();
  const slug = unique("module")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const secret = randomBytes(24).toString("hex");
  const name = options.name ?? `Module ${slug.slice(-6)}`;
  await db.insert(modules).values({
    id,
    slug,
    name,
    description: "Finds the clauses that matter.",
    kind: options.kind ?? "webhook",
    n8nWorkflowId: "wf-42",
    endpointUrl: options.endpointUrl ?? null,
    webhookSecret: (options.kind ?? "webhook") === "webhook" ? secret : null,
    estimatedTimeMinutes: 2,
    isActive: options.isActive ?? true,
    inputs: options.inputs ?? [
      { key: "focus", label: "Focus", type: "text", required: true },
      { key: "documents", label: "Documents", type: "documents", required: false },
    ],
    promptTemplate: options.promptTemplate ?? null,
    modelId: options.modelId ?? null,
  });
  for (const organizationId of options.organizationIds ?? []) {
    await db.insert(moduleOrganizations).values({ id: newId(), moduleId: id, organizationId });
  }
  return { id, slug, name, secret };
}

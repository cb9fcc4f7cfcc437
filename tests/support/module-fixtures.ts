import { randomBytes } from "node:crypto";
import type { ArgsOf } from "#shared/api/define.ts";
import type { api } from "#shared/api/index.ts";
import type { ModuleInputRow } from "../../src/server/db/schema.ts";
import { moduleOrganizations, modules } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { type TestServer, unique } from "./server.ts";

/** Arguments of modules.create for tests: a valid module with a unique slug. */
export type ModuleArgs = ArgsOf<typeof api.modules.create>;

export function webhookModule(overrides: Partial<ModuleArgs> = {}): ModuleArgs {
  const slug = unique("mod").toLowerCase();
  return {
    name: `Module ${slug}`,
    slug,
    description: "Drafts a document",
    kind: "webhook",
    endpointUrl: "https://automation.example.test/webhook/abc",
    n8nWorkflowId: "wf-12",
    technicalNotes: "Posts to n8n",
    estimatedTimeMinutes: 5,
    isActive: true,
    inputs: [
      { key: "client", label: "Client", type: "text", required: true },
      { key: "files", label: "Files", type: "documents", required: false, maxDocuments: 3 },
    ],
    organizationIds: [],
    ...overrides,
  };
}

export function builtinModule(overrides: Partial<ModuleArgs> = {}): ModuleArgs {
  return webhookModule({
    kind: "builtin",
    endpointUrl: undefined,
    n8nWorkflowId: undefined,
    promptTemplate: "Summarize for {{client}}.",
    ...overrides,
  });
}

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

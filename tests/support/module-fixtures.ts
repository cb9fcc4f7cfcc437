import type { ArgsOf } from "#shared/api/define.ts";
import type { api } from "#shared/api/index.ts";
import { unique } from "./server.ts";

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

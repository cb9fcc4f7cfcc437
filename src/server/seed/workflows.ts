import { and, eq } from "drizzle-orm";
import { workflows } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

const SLUG = "contract-summary-memo";

/**
 * The demo organization's workflow (decision 028): "Contract summary memo",
 * two prompt steps, the second writing from the first's output. Written by
 * the organization admin; every member may run it. Idempotent.
 */
export async function seedDemoWorkflows(ctx: DemoContext): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.organizationId, ctx.organizationId), eq(workflows.slug, SLUG)));
  if (existing) return;
  await ctx.db.insert(workflows).values({
    id: newId(),
    organizationId: ctx.organizationId,
    slug: SLUG,
    name: "Contract summary memo",
    description:
      "Extracts the key terms of the chosen contracts, then writes a one-page memo for the client.",
    inputs: [
      { key: "client", label: "Client", type: "text", required: true },
      {
        key: "audience",
        label: "Audience",
        type: "choice",
        required: false,
        options: ["Partner", "Client", "Internal team"],
      },
    ],
    steps: [
      {
        kind: "prompt",
        title: "Extract key terms",
        prompt:
          "From {{documents}}, list the key terms for {{inputs.client}}: parties, term and renewal, fees and payment, termination, liability caps and governing law. One bullet per term, with citations.",
      },
      {
        kind: "prompt",
        title: "Write the memo",
        prompt:
          "Write a one-page memo for {{inputs.audience}} about the contracts of {{inputs.client}}, from these key terms:\n\n{{steps.1.output}}\n\nEnd with three recommended next steps.",
      },
    ],
    createdBy: ctx.userIds.admin,
  });
}

import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { moduleCategories, modules } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { setDemoAutomationSecret } from "../modules/webhooks/demo-automation.ts";
import { DEMO_AUTOMATION_PATH } from "../modules/webhooks/demo-automation-path.ts";
import type { DemoContext } from "./demo-context.ts";

const CATEGORY = "Contracts & compliance";
const SLUG = "clause-extraction-automation";

/**
 * The demo's webhook module, "Clause extraction (automation)", wired to the
 * server's own demo automation (decision 019): both get the same signing
 * secret, the module in its row and the automation in its own record, as an
 * administrator would paste a module's secret into an n8n credential. Runs
 * again keep the module's secret.
 */
export async function seedDemoModuleAutomation(ctx: DemoContext): Promise<void> {
  const { db } = ctx;
  let [category] = await db
    .select({ id: moduleCategories.id })
    .from(moduleCategories)
    .where(sql`lower(${moduleCategories.name}) = lower(${CATEGORY})`);
  if (!category) {
    category = { id: newId() };
    await db.insert(moduleCategories).values({ id: category.id, name: CATEGORY, sortOrder: 0 });
  }
  const [existing] = await db.select().from(modules).where(eq(modules.slug, SLUG));
  const secret = existing?.webhookSecret ?? randomBytes(32).toString("hex");
  const fields = {
    name: "Clause extraction (automation)",
    description:
      "Finds the term, termination, liability and governing-law clauses of the contracts you choose and lists them in a draft. Runs as an automation (an n8n-style webhook).",
    categoryId: category.id,
    icon: "list-checks",
    kind: "webhook" as const,
    n8nWorkflowId: "demo-clause-extraction",
    // Any loopback port: the server hands requests to its own demo automation in process.
    endpointUrl: `http://localhost${DEMO_AUTOMATION_PATH}`,
    webhookSecret: secret,
    technicalNotes: "Served by the server itself (POST /api/demo-automation) for the demo.",
    estimatedTimeMinutes: 1,
    isActive: true,
    inputs: [
      {
        key: "documents",
        label: "Contracts",
        type: "documents" as const,
        required: true,
        helpText: "The agreements to read.",
        maxDocuments: 10,
      },
      {
        key: "focus",
        label: "Focus",
        type: "choice" as const,
        required: true,
        options: ["All clauses", "Termination", "Liability", "Payment"],
      },
      { key: "notes", label: "Notes for the reviewer", type: "longText" as const, required: false },
    ],
    archivedAt: null,
  };
  if (existing) {
    await db
      .update(modules)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(modules.id, existing.id));
  } else {
    await db
      .insert(modules)
      .values({ id: newId(), slug: SLUG, ...fields, createdBy: ctx.userIds.superadmin });
  }
  await setDemoAutomationSecret(db, secret);
}

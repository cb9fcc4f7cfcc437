import { and, eq } from "drizzle-orm";
import { promptCategories, prompts } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

const DEMO_PROMPTS: Array<{ title: string; description: string; category: string; body: string }> =
  [
    {
      title: "Summarize a contract",
      description: "Key terms, obligations and deadlines of an agreement",
      category: "Contracts",
      body: "Summarize the {{contract_name}} for {{client}}: parties, term, payment, termination, liability caps and every deadline, each with the clause it comes from.",
    },
    {
      title: "Client update email",
      description: "A short status email to a client about their matter",
      category: "Correspondence",
      body: "Write a short, friendly email to {{client}} about the status of {{matter}}. Mention the next step: {{next_step}}. Keep it under 150 words.",
    },
    {
      title: "Risk review",
      description: "Spot clauses that deserve a second look",
      category: "Contracts",
      body: "Review the attached documents and list the clauses that carry risk for {{client}}, from most to least serious, with a one-line reason for each.",
    },
    {
      title: "Meeting notes to action items",
      description: "Turn raw notes into owners and due dates",
      category: "Productivity",
      body: "Turn these meeting notes into a list of action items with an owner and a due date for each:\n\n{{notes}}",
    },
  ];

/** The id of the demo organization's category of this name, created if missing. */
async function demoCategory(ctx: DemoContext, name: string): Promise<string> {
  const [found] = await ctx.db
    .select({ id: promptCategories.id })
    .from(promptCategories)
    .where(
      and(eq(promptCategories.organizationId, ctx.organizationId), eq(promptCategories.name, name)),
    );
  if (found) return found.id;
  const id = newId();
  await ctx.db.insert(promptCategories).values({ id, organizationId: ctx.organizationId, name });
  return id;
}

/** A few prompts in the demo organization's library, with their categories (idempotent: matched by title). */
export async function seedDemoPrompts(ctx: DemoContext): Promise<void> {
  for (const [index, { category, ...demo }] of DEMO_PROMPTS.entries()) {
    const found = await ctx.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.organizationId, ctx.organizationId), eq(prompts.title, demo.title)));
    if (found.length > 0) continue;
    await ctx.db.insert(prompts).values({
      id: newId(),
      organizationId: ctx.organizationId,
      ...demo,
      categoryId: await demoCategory(ctx, category),
      sortOrder: index,
      createdBy: ctx.userIds.admin,
    });
  }
}

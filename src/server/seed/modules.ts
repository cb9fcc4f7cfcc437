import { eq, sql } from "drizzle-orm";
import type { ModuleInputRow } from "../db/schema.ts";
import { moduleCategories, modules } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

/**
 * Demo modules (decision 018): two categories and three built-in modules
 * offered to every organization. Built-in modules run with the organization's
 * default model. Idempotent: categories are matched by name, modules by slug.
 */

const CATEGORIES = ["Contracts & compliance", "Research"] as const;
type DemoCategory = (typeof CATEGORIES)[number];

const DEMO_MODULES: Array<{
  slug: string;
  name: string;
  description: string;
  category: DemoCategory;
  icon: string;
  estimatedTimeMinutes: number;
  inputs: ModuleInputRow[];
  promptTemplate: string;
  technicalNotes: string;
}> = [
  {
    slug: "contract-summary",
    name: "Contract summary",
    description:
      "A one-page summary of one or more agreements: parties, term, money, and what to watch, focused on the risks, the obligations or the key dates.",
    category: "Contracts & compliance",
    icon: "file-text",
    estimatedTimeMinutes: 3,
    inputs: [
      {
        key: "documents",
        label: "Contracts",
        type: "documents",
        required: true,
        helpText: "The agreements to summarize, with their amendments",
        maxDocuments: 10,
      },
      {
        key: "focus",
        label: "Focus",
        type: "choice",
        required: true,
        options: ["Risks", "Obligations", "Key dates"],
      },
      {
        key: "instructions",
        label: "Instructions",
        type: "longText",
        required: false,
        helpText: "Anything the summary should pay attention to (a client, a deal, a deadline)",
      },
    ],
    promptTemplate: `You are a senior commercial lawyer preparing a summary for a busy partner.

Summarize the attached contracts in at most one page, in this order:
1. Parties, their roles, and the agreement's date and term (with renewal and notice periods).
2. Money: price, payment terms, caps, penalties and indemnities.
3. {{focus}}: the part the reader cares most about. For Risks, list the clauses that expose our client, most serious first, each with a one-line reason. For Obligations, list who must do what and by when. For Key dates, give a dated timeline of every deadline, notice window and renewal.
4. Anything unusual or missing compared with a standard agreement of this kind.

Quote clause numbers for every point and cite the passage you rely on. If the documents disagree (an amendment changes the main agreement), say which one prevails and why.

Additional instructions from the reader: {{instructions}}`,
    technicalNotes: "Built-in: runs on the organization's default model over the documents' text.",
  },
  {
    slug: "clause-comparison",
    name: "Clause comparison",
    description:
      "Compares the same clause across agreements (liability, termination, confidentiality…) and shows where each one departs from your preferred position.",
    category: "Contracts & compliance",
    icon: "scale",
    estimatedTimeMinutes: 5,
    inputs: [
      {
        key: "documents",
        label: "Agreements",
        type: "documents",
        required: true,
        maxDocuments: 20,
      },
      {
        key: "clause",
        label: "Clause",
        type: "text",
        required: true,
        helpText: "For example: limitation of liability",
      },
      {
        key: "position",
        label: "Preferred position",
        type: "longText",
        required: false,
        helpText: "The wording or the outcome you would accept",
      },
    ],
    promptTemplate: `Find the {{clause}} clause in each attached agreement.

Write a table with one row per agreement: the agreement, the clause number, a plain-language summary of what it says, and how it differs from the preferred position below (or from market standard when none is given). Then list the three agreements that most need renegotiating, with a suggested redline for each.

Preferred position: {{position}}`,
    technicalNotes: "",
  },
  {
    slug: "research-memo",
    name: "Research memo",
    description:
      "Turns a question and your source documents into a structured research memo with an answer, the reasoning, and citations to the passages it relies on.",
    category: "Research",
    icon: "search",
    estimatedTimeMinutes: 8,
    inputs: [
      {
        key: "question",
        label: "Research question",
        type: "longText",
        required: true,
      },
      {
        key: "documents",
        label: "Sources",
        type: "documents",
        required: false,
        helpText: "Judgments, articles, notes: whatever the memo should rely on",
        maxDocuments: 25,
      },
      {
        key: "jurisdiction",
        label: "Jurisdiction",
        type: "text",
        required: false,
      },
      {
        key: "deadline",
        label: "Needed by",
        type: "date",
        required: false,
      },
    ],
    promptTemplate: `Write a research memo answering this question: {{question}}

Jurisdiction: {{jurisdiction}}

Structure it as: Question presented; Short answer (three sentences at most); Discussion, one heading per issue, relying on the attached sources and citing the passage for every statement; Open points and what further research would settle them. Say plainly where the sources do not answer the question rather than guessing.`,
    technicalNotes: "",
  },
];

async function demoCategoryId(ctx: DemoContext, name: string, sortOrder: number): Promise<string> {
  const [found] = await ctx.db
    .select({ id: moduleCategories.id })
    .from(moduleCategories)
    .where(sql`lower(${moduleCategories.name}) = lower(${name})`);
  if (found) return found.id;
  const id = newId();
  await ctx.db.insert(moduleCategories).values({ id, name, sortOrder });
  return id;
}

export async function seedDemoModules(ctx: DemoContext): Promise<void> {
  const categoryIds = new Map<string, string>();
  for (const [index, name] of CATEGORIES.entries()) {
    categoryIds.set(name, await demoCategoryId(ctx, name, index));
  }
  for (const { category, ...demo } of DEMO_MODULES) {
    const [found] = await ctx.db
      .select({ id: modules.id })
      .from(modules)
      .where(eq(modules.slug, demo.slug));
    if (found) continue;
    await ctx.db.insert(modules).values({
      id: newId(),
      ...demo,
      kind: "builtin",
      categoryId: categoryIds.get(category)!,
      isActive: true,
      createdBy: ctx.userIds.superadmin,
    });
  }
}

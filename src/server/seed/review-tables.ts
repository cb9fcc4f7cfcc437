import { and, eq, inArray, sql } from "drizzle-orm";
import {
  documents,
  reviewTableCells,
  reviewTableColumns,
  reviewTableRows,
  reviewTables,
} from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

/**
 * A small review table for the demo member (decision 027): three of their
 * documents, three questions, every cell answered. The answers are written
 * here, marked as from the demo model ("demo"), not asked of a model. Idempotent
 * by the table's name.
 */

const NAME = "Contoso matter – first review";
const DEMO_MODEL = "demo";

const COLUMNS = [
  { question: "What kind of document is it?", answerType: "text" as const, options: [] },
  { question: "Does it concern Contoso?", answerType: "yesNo" as const, options: [] },
  {
    question: "Which category fits best?",
    answerType: "choice" as const,
    options: ["Contract", "Memo", "Checklist"],
  },
];

/** Answers per document name: [text, yes/no, choice] with a short explanation each. */
const ANSWERS: Record<
  string,
  Array<{ answer: string; value: string | boolean; explanation: string }>
> = {
  "Mutual NDA - Contoso.docx": [
    {
      answer: "Mutual non-disclosure agreement",
      value: "Mutual non-disclosure agreement",
      explanation: "Both parties undertake to keep each other's information confidential.",
    },
    { answer: "Yes", value: true, explanation: "Contoso is one of the two parties." },
    {
      answer: "Contract",
      value: "Contract",
      explanation: "A signed agreement between two parties.",
    },
  ],
  "Memo - Cross-border data transfers.txt": [
    {
      answer: "Internal legal memo on data transfers",
      value: "Internal legal memo on data transfers",
      explanation: "It advises on transferring personal data outside the EEA.",
    },
    { answer: "No", value: false, explanation: "No party named Contoso appears in it." },
    { answer: "Memo", value: "Memo", explanation: "Written as advice to the firm's team." },
  ],
  "Due diligence checklist - Contoso.md": [
    {
      answer: "Due diligence checklist",
      value: "Due diligence checklist",
      explanation: "A list of items to review before the transaction.",
    },
    { answer: "Yes", value: true, explanation: "The checklist is for the Contoso matter." },
    {
      answer: "Checklist",
      value: "Checklist",
      explanation: "Items with tick boxes to work through.",
    },
  ],
};

export async function seedDemoReviewTables(ctx: DemoContext): Promise<void> {
  const { db, organizationId } = ctx;
  const member = ctx.userIds.member;
  const [existing] = await db
    .select({ id: reviewTables.id })
    .from(reviewTables)
    .where(and(eq(reviewTables.organizationId, organizationId), eq(reviewTables.name, NAME)));
  if (existing) return;
  const docs = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.ownerId, member),
        inArray(documents.name, Object.keys(ANSWERS)),
      ),
    );
  if (docs.length === 0) return;
  docs.sort((a, b) => a.name.localeCompare(b.name));
  const tableId = newId();
  await db
    .insert(reviewTables)
    .values({ id: tableId, organizationId, ownerId: member, name: NAME });
  const columnIds = COLUMNS.map(() => newId());
  await db.insert(reviewTableColumns).values(
    COLUMNS.map((c, i) => ({
      id: columnIds[i]!,
      organizationId,
      tableId,
      position: i,
      question: c.question,
      answerType: c.answerType,
      options: c.options,
    })),
  );
  const rows = docs.map((d, i) => ({
    id: newId(),
    organizationId,
    tableId,
    position: i,
    documentId: d.id,
  }));
  await db.insert(reviewTableRows).values(rows);
  await db.insert(reviewTableCells).values(
    rows.flatMap((row, r) =>
      COLUMNS.map((_, c) => {
        const a = ANSWERS[docs[r]!.name]![c]!;
        return {
          id: newId(),
          organizationId,
          tableId,
          rowId: row.id,
          columnId: columnIds[c]!,
          status: "done" as const,
          answer: a.answer,
          value: a.value,
          explanation: a.explanation,
          modelAnswer: a.answer,
          modelId: DEMO_MODEL,
          columnRevision: 1,
          filledAt: sql`now()`,
        };
      }),
    ),
  );
}

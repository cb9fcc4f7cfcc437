import { and, asc, eq, inArray } from "drizzle-orm";
import { FILE_TYPE_INFO } from "#shared/file-types.ts";
import { documents, drafts, moduleExecutions, modules } from "../db/schema.ts";
import { draftDocx } from "../drafts/draft-docx.ts";
import { draftBlocks } from "../drafts/draft-html.ts";
import { insertDraft, writeDraftVersion } from "../drafts/draft-writes.ts";
import { newId } from "../ids.ts";
import { enqueueProcessing } from "../ingest/enqueue-processing.ts";
import type { DemoContext } from "./demo-context.ts";

/**
 * A few drafts for the demo member (decision 020): a contract summary with
 * citations, a memo in two versions (generated, then edited) and a letter
 * already saved into the dossier. Each is linked to a demo module run when a
 * module of that slug exists, else it stands alone. Idempotent by title.
 */

const SUMMARY = "Supply agreement – contract summary";
const MEMO = "Memo: hybrid work policy update";
const LETTER = "Engagement letter – Blue Harbor Logistics";

const SUMMARY_HTML = `<h2>Parties and term</h2><p><strong>Northwind Components Ltd</strong> (the Supplier) supplies <strong>Blue Harbor Logistics</strong> (the Customer) for an initial term of <strong>24 months</strong>, renewing for 12-month periods unless either party gives 90 days' notice<sup>[1]</sup>.</p><h2>Key obligations</h2><ul><li><p>Delivery within 10 business days of each purchase order.</p></li><li><p>Monthly invoicing; payment due 45 days from invoice<sup>[2]</sup>.</p></li><li><p>Service credits of 2% per late delivery, capped at 10% of monthly fees.</p></li></ul><h2>Risk overview</h2><table><tbody><tr><th><p>Clause</p></th><th><p>Topic</p></th><th><p>Risk</p></th></tr><tr><td><p>9.2</p></td><td><p>Liability cap at 100% of annual fees</p></td><td><p>Medium</p></td></tr><tr><td><p>12.1</p></td><td><p>Termination for convenience by the Customer only</p></td><td><p>High</p></td></tr><tr><td><p>15.4</p></td><td><p>Governing law: England and Wales</p></td><td><p>Low</p></td></tr></tbody></table><blockquote><p>Recommendation: negotiate a mutual termination right and exclude indirect losses explicitly.</p></blockquote>`;

const MEMO_V1 = `<h2>Purpose</h2><p>This memo sets out the proposed update to the firm's hybrid work policy, to take effect on 1 March.</p><h2>Proposal</h2><ol><li><p>Staff work from the office at least two days a week.</p></li><li><p>Client meetings take place in the office where possible.</p></li><li><p>Equipment for home working is provided on request.</p></li></ol><p>Managers review the arrangement after three months.</p>`;

const MEMO_V2 = `<h2>Purpose</h2><p>This memo sets out the proposed update to the firm's hybrid work policy, to take effect on 1 April, after consultation with the staff committee.</p><h2>Proposal</h2><ol><li><p>Staff work from the office at least three days a week, one of them a team day.</p></li><li><p>Client meetings take place in the office where possible.</p></li><li><p>Equipment for home working is provided on request, up to a budget of €600.</p></li></ol><p>Managers review the arrangement after six months and report to the partners.</p>`;

const LETTER_HTML = `<p>Dear Ms Okafor,</p><p>Thank you for instructing us on the renegotiation of your supply agreement with Northwind Components Ltd. This letter sets out the scope of our work, our fees and the terms on which we act.</p><h2>Scope</h2><ul><li><p>Review of the current agreement and its schedules.</p></li><li><p>A negotiation strategy and a marked-up draft.</p></li><li><p>Up to two rounds of negotiation calls.</p></li></ul><h2>Fees</h2><p>Our fees are fixed at <strong>€8,500</strong> plus VAT for the scope above. Work outside it is charged at our hourly rates.</p><p>Yours sincerely,<br>Northwind Legal</p>`;

/** The first demo module found among these slugs, with a run by the member. */
async function demoRun(ctx: DemoContext, slugs: string[]) {
  const [module] = await ctx.db
    .select({ id: modules.id })
    .from(modules)
    .where(inArray(modules.slug, slugs))
    .limit(1);
  if (!module) return { moduleId: null, executionId: null };
  const executionId = newId();
  const now = new Date();
  await ctx.db.insert(moduleExecutions).values({
    id: executionId,
    organizationId: ctx.organizationId,
    moduleId: module.id,
    userId: ctx.userIds.member,
    status: "succeeded",
    inputs: {},
    startedAt: now,
    finishedAt: now,
  });
  return { moduleId: module.id, executionId };
}

export async function seedDemoDrafts(ctx: DemoContext): Promise<void> {
  const { db } = ctx;
  const member = ctx.userIds.member;
  const existing = await db
    .select({ title: drafts.title })
    .from(drafts)
    .where(and(eq(drafts.userId, member), eq(drafts.organizationId, ctx.organizationId)));
  const has = new Set(existing.map((d) => d.title));
  const base = { organizationId: ctx.organizationId, userId: member, status: "ready" as const };

  if (!has.has(SUMMARY)) {
    const cited = await db
      .select({ id: documents.id, name: documents.name })
      .from(documents)
      .where(eq(documents.organizationId, ctx.organizationId))
      .orderBy(asc(documents.name))
      .limit(2);
    await insertDraft(db, {
      ...base,
      ...(await demoRun(ctx, ["contract-summary", "summarize-contract", "contract-review"])),
      title: SUMMARY,
      content: SUMMARY_HTML,
      citations: cited.map((doc, i) => ({
        n: i + 1,
        documentId: doc.id,
        documentName: doc.name,
        quote:
          i === 0
            ? "The Agreement renews for successive periods of twelve months unless terminated on ninety days' written notice."
            : "Invoices are payable within forty-five days of the invoice date.",
      })),
    });
  }

  if (!has.has(MEMO)) {
    const memo = await insertDraft(db, {
      ...base,
      ...(await demoRun(ctx, ["memo-writer", "policy-memo", "draft-memo"])),
      title: MEMO,
      content: MEMO_V1,
    });
    await writeDraftVersion(db, {
      draft: memo,
      content: MEMO_V2,
      reason: "edited",
      userId: member,
    });
  }

  if (!has.has(LETTER)) {
    const letter = await insertDraft(db, {
      ...base,
      executionId: null,
      moduleId: null,
      title: LETTER,
      content: LETTER_HTML,
    });
    // Saved exactly as drafts.saveToDossier saves: a DOCX processed like an upload.
    const documentId = newId();
    const storageId = `${ctx.organizationId}/${documentId}`;
    const bytes = await draftDocx(LETTER, draftBlocks(LETTER_HTML));
    const { size } = await ctx.storage.put(storageId, bytes, {
      contentType: FILE_TYPE_INFO.docx.mimeType,
    });
    const name = `${LETTER}.docx`;
    await db.insert(documents).values({
      id: documentId,
      organizationId: ctx.organizationId,
      folderId: null,
      ownerId: member,
      storageId,
      name,
      fileNameOriginal: name,
      fileType: "docx",
      mimeType: FILE_TYPE_INFO.docx.mimeType,
      size,
      processingStatus: "pending",
    });
    await enqueueProcessing(db, { organizationId: ctx.organizationId, documentId });
    await db
      .update(drafts)
      .set({
        status: "saved",
        savedDocumentId: documentId,
        updatedAt: new Date(Date.now() - 86_400_000),
      })
      .where(eq(drafts.id, letter.id));
  }
}

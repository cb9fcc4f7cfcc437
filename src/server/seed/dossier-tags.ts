import { and, eq, sql } from "drizzle-orm";
import { documents } from "../db/schema.ts";
import type { DemoContext } from "./demo-context.ts";

/** Tags of the demo documents (decision 031); the first is the primary tag (the Type column). */
const DEMO_TAGS: Record<string, string[]> = {
  "Master Services Agreement - Fabrikam.pdf": ["Contract", "Fabrikam", "Signed"],
  "Mutual NDA - Contoso.docx": ["Contract", "Contoso", "NDA"],
  "Contract register 2024.xlsx": ["Register", "2024"],
  "Signature page - Fabrikam MSA.png": ["Exhibit", "Fabrikam", "Signed"],
  "Memo - Cross-border data transfers.txt": ["Memo", "Privacy"],
  "Due diligence checklist - Contoso.md": ["Checklist", "Contoso"],
  "Case law digest - Limitation of liability.html": ["Research", "Liability"],
  "Litigation docket.csv": ["Register", "Litigation"],
  "Board update Q3 2024.pptx": ["Presentation", "Board", "2024"],
};

/**
 * Tags and primary tags on the demo documents, so the Type column, the tag
 * filter and suggestions have something to show. Runs after the demo
 * dossier; safe to run again (it sets, never appends).
 */
export async function seedDemoTags(ctx: DemoContext): Promise<void> {
  for (const [name, tags] of Object.entries(DEMO_TAGS)) {
    await ctx.db
      .update(documents)
      .set({ tags, primaryTagName: tags[0] ?? null, updatedAt: sql`now()` })
      .where(and(eq(documents.organizationId, ctx.organizationId), eq(documents.name, name)));
  }
}

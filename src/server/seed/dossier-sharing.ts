import { and, eq, inArray, isNull } from "drizzle-orm";
import { documents, dossierFavorites, dossierShares, folders } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

/**
 * The demo's sharing and favorites (decision 023): the admin's "Contracts"
 * folder is the whole firm's (editor), "Research" is shared with the member
 * to edit, "Board" stays the admin's own; each of them starred a few things.
 * Runs after the demo dossier; safe to run again.
 */
export async function seedDemoDossierSharing(ctx: DemoContext): Promise<void> {
  const { db, organizationId, userIds } = ctx;
  const top = await db
    .select({ id: folders.id, path: folders.path })
    .from(folders)
    .where(
      and(
        eq(folders.organizationId, organizationId),
        isNull(folders.parentId),
        inArray(folders.path, ["contracts", "research", "board"]),
      ),
    );
  const folderAt = (path: string) => top.find((f) => f.path === path)?.id;
  const contracts = folderAt("contracts");
  const research = folderAt("research");
  const board = folderAt("board");
  if (!contracts || !research || !board) return;

  const shares = [
    { entityId: contracts, granteeUserId: null, role: "editor" as const },
    { entityId: research, granteeUserId: userIds.member, role: "editor" as const },
  ];
  for (const share of shares) {
    await db
      .insert(dossierShares)
      .values({
        id: newId(),
        organizationId,
        entityType: "folder",
        createdBy: userIds.admin,
        ...share,
      })
      .onConflictDoNothing();
  }

  const named = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        inArray(documents.name, [
          "Master Services Agreement - Fabrikam.pdf",
          "Memo - Cross-border data transfers.txt",
          "Board update Q3 2024.pptx",
        ]),
      ),
    );
  const documentNamed = (name: string) => named.find((d) => d.name === name)?.id;
  const stars: Array<[string, "folder" | "document", string | undefined]> = [
    [userIds.member, "folder", research],
    [userIds.member, "document", documentNamed("Master Services Agreement - Fabrikam.pdf")],
    [userIds.member, "document", documentNamed("Memo - Cross-border data transfers.txt")],
    [userIds.admin, "folder", board],
    [userIds.admin, "document", documentNamed("Board update Q3 2024.pptx")],
  ];
  for (const [userId, entityType, entityId] of stars) {
    if (!entityId) continue;
    await db
      .insert(dossierFavorites)
      .values({ id: newId(), organizationId, userId, entityType, entityId })
      .onConflictDoNothing();
  }
}

import type { Db } from "../../src/server/db/database.ts";
import { documentChunks, documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";

/**
 * `count` processed text documents named "Contract 00001.txt"…, owned by `ownerId`, inserted in
 * batches of `batch`; with `passages`, each gets three clause passages (what a review-table fill
 * retrieves). Answers the documents' ids in name order. Shared by the review-table benches.
 */
export async function insertBenchContracts(
  db: Db,
  options: {
    organizationId: string;
    ownerId: string;
    count: number;
    batch: number;
    passages?: boolean;
  },
): Promise<string[]> {
  const { organizationId, ownerId, count, batch } = options;
  const ids: string[] = [];
  for (let i = 0; i < count; i += batch) {
    const slice = Array.from({ length: Math.min(batch, count - i) }, (_, k) => ({
      id: newId(),
      n: i + k + 1,
    }));
    ids.push(...slice.map((d) => d.id));
    await db.insert(documents).values(
      slice.map((d) => ({
        id: d.id,
        organizationId,
        ownerId,
        storageId: `bench/${d.id}`,
        name: `Contract ${String(d.n).padStart(5, "0")}.txt`,
        fileType: "txt",
        mimeType: "text/plain",
        size: 1000,
        processingStatus: "completed" as const,
      })),
    );
    if (!options.passages) continue;
    await db.insert(documentChunks).values(
      slice.flatMap((d) =>
        [0, 1, 2].map((ordinal) => ({
          id: newId(),
          organizationId,
          documentId: d.id,
          ordinal,
          content: `Clause ${ordinal + 1} of contract ${d.n}: governed by the law of France; the fee is 1,250 EUR; signed on 3 March 2024; renews automatically unless terminated with 90 days' notice.`,
        })),
      ),
    );
  }
  return ids;
}

import type { Executor } from "../db/database.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";

/** What each demo seeder gets: the database, blob storage, the demo organization and its users. */
export interface DemoContext {
  db: Executor;
  /** Where demo documents' bytes go (the configured blob storage). */
  storage: BlobStorage;
  organizationId: string;
  userIds: Record<"superadmin" | "admin" | "member", string>;
}

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The database schema. Every row that belongs to an organization carries
 * `organization_id`; change notifications (see migrations/0001) use it to
 * re-run only the live queries of that organization.
 */
const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** Set by a superadmin (admin.organizations.suspend): its members cannot sign in. */
  suspendedAt: timestamp("suspended_at", { withTimezone: true, mode: "date" }),
  suspendedReason: text("suspended_reason"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").references(() => organizations.id, {
      onDelete: "restrict",
    }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    isSuperadmin: boolean("is_superadmin").notNull().default(false),
    role: text("role", { enum: ["Member", "OrganizationAdmin"] })
      .notNull()
      .default("Member"),
    disabled: boolean("disabled").notNull().default(false),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true, mode: "date" }),
    /** Last sign-in or session refresh, at most once per few minutes (admin users, decision 025). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_organization_idx").on(t.organizationId),
    // /admin/users (decision 025): keyset pages by lower(email) within an organization,
    // prefix search on names and email, the last-active filter.
    index("users_org_email_lower_idx").on(t.organizationId, sql`lower(${t.email})`),
    index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("users_first_name_prefix_idx").on(sql`lower(${t.firstName}) text_pattern_ops`),
    index("users_last_name_prefix_idx").on(sql`lower(${t.lastName}) text_pattern_ops`),
    index("users_full_name_prefix_idx").on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index("users_last_active_idx").on(t.lastActiveAt),
    index("users_superadmin_email_idx").on(sql`lower(${t.email})`).where(sql`${t.isSuperadmin}`),
    index("users_disabled_email_idx").on(sql`lower(${t.email})`).where(sql`${t.disabled}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id"),
    actorUserId: uuid("actor_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Whose data the action touched, when that is someone else than the actor
     * (a superadmin's look at a member's thread): they see it on /account.
     */
    subjectUserId: uuid("subject_user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // Newest first, whole log and per filter (/admin/audit, decision 024); the
    // trailing id makes each a keyset of its own.
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_org_created_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_action_idx").on(t.action, t.createdAt.desc(), t.id.desc()),
    index("audit_log_subject_idx")
      .on(t.subjectUserId, t.createdAt.desc())
      .where(sql`${t.subjectUserId} is not null`),
    // A user's recent events as the target (admin user page, decision 025).
    index("audit_log_target_created_idx").on(t.targetId, t.createdAt),
  ],
);

/** Server-wide secrets and one-off state (JWT signing key, setup token hash). */
export const serverState = pgTable("server_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for rate limits, shared by every server instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  count: integer("count").notNull(),
});

// ---------------------------------------------------------------------------
// Dossier: folders, documents and their searchable chunks.

/** Postgres full-text vector; generated by the database from a text column. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const folders = pgTable(
  "folders",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => folders.id, {
      onDelete: "cascade",
    }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** Full slug path from the top, e.g. "contracts/2024"; unique per organization. */
    path: text("path").notNull(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("folders_org_path_idx").on(t.organizationId, t.path),
    index("folders_parent_idx").on(t.organizationId, t.parentId),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** null: the top level of the dossier. */
    folderId: uuid("folder_id").references(() => folders.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Key of the original bytes in blob storage. */
    storageId: text("storage_id").notNull().unique(),
    /** Key of the preview image in blob storage, once rendered. */
    previewStorageId: text("preview_storage_id"),
    previewContentType: text("preview_content_type"),
    name: text("name").notNull(),
    title: text("title"),
    fileNameOriginal: text("file_name_original"),
    fileType: text("file_type").notNull(),
    mimeType: text("mime_type").notNull(),
    primaryTagName: text("primary_tag_name"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    size: bigint("size", { mode: "number" }).notNull(),
    processingStatus: text("processing_status", {
      enum: ["pending", "processing", "completed", "failed"],
    })
      .notNull()
      .default("pending"),
    processingError: text("processing_error"),
    htmlContent: text("html_content"),
    /** The extracted plain text (for tools and re-chunking). */
    textContent: text("text_content"),
    summary: text("summary"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Cursor pages: newest first within a folder.
    index("documents_org_folder_created_idx").on(
      t.organizationId,
      t.folderId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("documents_org_status_idx").on(t.organizationId, t.processingStatus),
    // Removing a folder deletes its documents (ON DELETE CASCADE looks them up by folder_id alone).
    index("documents_folder_idx").on(t.folderId),
    // The orphaned-blob sweep asks which preview keys a row still names.
    index("documents_preview_storage_idx").on(t.previewStorageId),
    // Server-side sorts of a folder (decision 031): each sortable column, then id, as keyset.
    index("documents_org_folder_name_idx").on(
      t.organizationId,
      t.folderId,
      sql`(lower(${t.name}) collate "C")`,
      t.id,
    ),
    index("documents_org_folder_size_idx").on(t.organizationId, t.folderId, t.size, t.id),
    index("documents_org_folder_type_idx").on(
      t.organizationId,
      t.folderId,
      sql`(${t.fileType} collate "C")`,
      t.id,
    ),
    index("documents_org_folder_tag_idx").on(
      t.organizationId,
      t.folderId,
      sql`(${t.primaryTagName} is null)`,
      sql`(lower(${t.primaryTagName}) collate "C")`,
      t.id,
    ),
    // The tag filter: documents.tags @> '["a","b"]'.
    index("documents_tags_idx").using("gin", sql`${t.tags} jsonb_path_ops`),
  ],
);

export const documentChunks = pgTable(
  "document_chunks",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    content: text("content").notNull(),
    /** Where the passage is: page, sheet or slide number when known. */
    location: jsonb("location").$type<Record<string, unknown>>().notNull().default({}),
    tsv: tsvector("tsv").notNull().generatedAlwaysAs(sql`to_tsvector('english', content)`),
    /**
     * The passage's embedding, unit length, from `embedding_model` (decision 031); null until
     * computed or with no embedding model. A plain real[] so every database can hold it; with
     * pgvector it is cast to vector(n) at query time (and indexed by n).
     */
    embedding: real("embedding").array(),
    embeddingModel: text("embedding_model"),
  },
  (t) => [
    index("document_chunks_document_idx").on(t.documentId, t.ordinal),
    index("document_chunks_tsv_idx").using("gin", t.tsv),
    index("document_chunks_org_idx").on(t.organizationId),
    // The embedded passages of an organization (decision 031, "speed at a million passages"): the vector pool.
    index("document_chunks_embedded_idx")
      .on(t.organizationId, t.embeddingModel)
      .where(sql`${t.embedding} is not null`),
  ],
);

// ---------------------------------------------------------------------------
// Durable background jobs, claimed with FOR UPDATE SKIP LOCKED by any instance.

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    organizationId: uuid("organization_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A running job whose lease has expired is claimed again (its worker died). */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_claim_idx").on(t.status, t.runAt),
    index("jobs_kind_payload_idx").on(t.kind, t.status),
  ],
);

// ---------------------------------------------------------------------------
// AI chat: threads, their documents and messages; model choices.

export const threads = pgTable(
  "threads",
  {
    id: text("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    modelId: text("model_id"),
    /** Id of the stream in flight, for GET /api/chat?chatId= to resume; null when idle. */
    activeStreamId: text("active_stream_id"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("threads_user_last_idx").on(t.userId, t.lastMessageAt.desc()),
    // /admin/chat: every thread, or one organization's, latest activity first (decision 024).
    index("threads_last_idx").on(t.lastMessageAt.desc(), t.id.desc()),
    index("threads_org_last_idx").on(t.organizationId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const threadDocuments = pgTable(
  "thread_documents",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("thread_documents_unique_idx").on(t.threadId, t.documentId),
    // Deleting a document removes its attachments (ON DELETE CASCADE looks them up by document_id).
    index("thread_documents_document_idx").on(t.documentId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    role: text("role", { enum: ["user", "assistant", "system"] }).notNull(),
    parts: jsonb("parts").$type<Array<{ type: string } & Record<string, unknown>>>().notNull(),
    /** Order within the thread. */
    seq: integer("seq").notNull(),
    status: text("status", { enum: ["streaming", "complete", "stopped", "error"] })
      .notNull()
      .default("complete"),
    modelId: text("model_id"),
    finishReason: text("finish_reason"),
    usage: jsonb("usage").$type<Record<string, number | null>>(),
    error: text("error"),
    /** Whether the message only carries tool calls/results (excludeToolMessages hides it). */
    isToolOnly: boolean("is_tool_only").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("messages_thread_seq_idx").on(t.threadId, t.seq)],
);

/** Per-user and per-organization preferences (chosen model...). */
export const userPreferences = pgTable("user_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  organizationId: uuid("organization_id"),
  modelId: text("model_id"),
  /** Pocket associate (SPEC 5): null fields use the defaults of src/shared/schemas/voice.ts. */
  voice: text("voice"),
  speechSpeed: doublePrecision("speech_speed"),
  audioFormat: text("audio_format", { enum: ["mp3", "opus", "aac", "flac", "wav", "pcm"] }),
  transcriptionLanguage: text("transcription_language"),
  transcriptionTemperature: doublePrecision("transcription_temperature"),
  updatedAt: updatedAt(),
});

export const organizationSettings = pgTable("organization_settings", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  defaultModelId: text("default_model_id"),
  /** Members (not only admins) may create workflows (decision 028). */
  membersCanCreateWorkflows: boolean("members_can_create_workflows").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Categories of the prompt library (decision 017, amendment). `organization_id`
 * null is a global category (a superadmin's), offered to every organization.
 * A name is unique, ignoring case, within its organization and among the
 * global ones.
 */
export const promptCategories = pgTable(
  "prompt_categories",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").references(() => organizations.id, {
      onDelete: "cascade",
    }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("prompt_categories_org_name_idx")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.organizationId} is not null`),
    uniqueIndex("prompt_categories_global_name_idx")
      .on(sql`lower(${t.name})`)
      .where(sql`${t.organizationId} is null`),
  ],
);

/**
 * The prompt library. `organization_id` null is a global prompt (written by a
 * superadmin, offered to every organization). Its category is a row of
 * prompt_categories (decision 017, amendment). Archived prompts stay for the
 * record and are hidden from the library.
 */
export const prompts = pgTable(
  "prompts",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").references(() => organizations.id, {
      onDelete: "cascade",
    }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    categoryId: uuid("category_id").references(() => promptCategories.id, {
      onDelete: "set null",
    }),
    body: text("body").notNull(),
    /** The model a chat started from this prompt uses (null: the member's usual one). */
    modelId: text("model_id"),
    /** Documents a chat started from this prompt has attached (an organization's prompt only). */
    documentIds: jsonb("document_ids").$type<string[]>().notNull().default([]),
    /** Order in the library, ascending; ties by title. */
    sortOrder: integer("sort_order").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("prompts_organization_idx").on(t.organizationId, t.sortOrder)],
);

// ---------------------------------------------------------------------------
// Modules (decision 018): superadmin-defined automations, their runs
// (executions) and what the runs write (drafts).

/** Categories modules are grouped in on /modules (global: modules are a superadmin's). */
export const moduleCategories = pgTable(
  "module_categories",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("module_categories_name_idx").on(sql`lower(${t.name})`)],
);

/** One input a run asks for (src/shared/schemas/module.ts moduleInputSchema). */
export type ModuleInputRow = {
  key: string;
  label: string;
  type: "text" | "longText" | "choice" | "date" | "number" | "documents";
  required: boolean;
  helpText?: string;
  options?: string[];
  maxDocuments?: number;
};

/**
 * A module: a webhook (endpointUrl, typically an n8n workflow) or built in (a
 * prompt template run by a model). With no rows in module_organizations it
 * is offered to every organization. Archived modules stay for the record of
 * their executions.
 */
export const modules = pgTable(
  "modules",
  {
    id: uuid("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    categoryId: uuid("category_id").references(() => moduleCategories.id, {
      onDelete: "set null",
    }),
    /** A lucide icon name (the form offers a fixed list). */
    icon: text("icon"),
    kind: text("kind", { enum: ["webhook", "builtin"] }).notNull(),
    n8nWorkflowId: text("n8n_workflow_id"),
    endpointUrl: text("endpoint_url"),
    /**
     * The HMAC-SHA256 key that signs what the server posts to endpointUrl and
     * checks what the automation posts back; shown once to the admin.
     */
    webhookSecret: text("webhook_secret"),
    technicalNotes: text("technical_notes").notNull().default(""),
    estimatedTimeMinutes: integer("estimated_time_minutes"),
    isActive: boolean("is_active").notNull().default(true),
    inputs: jsonb("inputs").$type<ModuleInputRow[]>().notNull().default([]),
    /** Built-in modules: the template, `{{key}}` per input. */
    promptTemplate: text("prompt_template"),
    /** Built-in modules: the model; null uses the organization's default. */
    modelId: text("model_id"),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("modules_slug_idx").on(t.slug),
    index("modules_category_idx").on(t.categoryId),
  ],
);

/** The organizations a module is limited to (none: every organization). */
export const moduleOrganizations = pgTable(
  "module_organizations",
  {
    id: uuid("id").primaryKey(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("module_organizations_unique_idx").on(t.moduleId, t.organizationId),
    index("module_organizations_org_idx").on(t.organizationId),
  ],
);

/** A progress message an automation (or the built-in runner) reported. */
export type ExecutionProgressRow = { at: string; message: string; percent?: number };

/**
 * One run of a module by a member. The durable job (jobs.kind
 * 'module-execution') carries it out; status moves queued → running →
 * succeeded | failed | cancelled, and never back.
 */
export const moduleExecutions = pgTable(
  "module_executions",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", {
      enum: ["queued", "running", "succeeded", "failed", "cancelled"],
    })
      .notNull()
      .default("queued"),
    /** The values of the module's inputs (documents inputs: arrays of document ids). */
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull().default({}),
    documentIds: jsonb("document_ids").$type<string[]>().notNull().default([]),
    /**
     * drafts.regenerate: the draft whose next version this run writes (instead
     * of writing new drafts). Not a foreign key: drafts reference executions.
     */
    regeneratesDraftId: uuid("regenerates_draft_id"),
    progress: jsonb("progress").$type<ExecutionProgressRow[]>().notNull().default([]),
    error: text("error"),
    /** sha256 of the callback's one-time token; null once the run has finished. */
    callbackTokenHash: text("callback_token_hash"),
    callbackExpiresAt: timestamp("callback_expires_at", { withTimezone: true, mode: "date" }),
    /** Highest `seq` the automation has posted: a callback at or below it is a replay. */
    callbackSeq: integer("callback_seq").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("module_executions_user_idx").on(t.userId, t.createdAt.desc()),
    index("module_executions_module_idx").on(t.moduleId, t.createdAt.desc()),
    index("module_executions_status_idx").on(t.status),
  ],
);

/**
 * What an execution wrote: private to its user until saved into the dossier.
 * `content` is sanitized HTML (the editor's format); a file result keeps its
 * bytes in blob storage under fileStorageId.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    executionId: uuid("execution_id").references(() => moduleExecutions.id, {
      onDelete: "set null",
    }),
    moduleId: uuid("module_id").references(() => modules.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** pending: still being generated; ready: to review; saved / discarded: done with. */
    status: text("status", { enum: ["pending", "ready", "failed", "saved", "discarded"] })
      .notNull()
      .default("pending"),
    content: text("content").notNull().default(""),
    /** Citations of the built-in runner: [{n, documentId, chunkId, quote}]. */
    citations: jsonb("citations").$type<Array<Record<string, unknown>>>().notNull().default([]),
    version: integer("version").notNull().default(1),
    fileStorageId: text("file_storage_id"),
    fileName: text("file_name"),
    fileMimeType: text("file_mime_type"),
    fileSize: bigint("file_size", { mode: "number" }),
    savedDocumentId: uuid("saved_document_id").references(() => documents.id, {
      onDelete: "set null",
    }),
    /** The workflow run whose final output this draft is (decision 028). */
    workflowRunId: uuid("workflow_run_id").references((): AnyPgColumn => workflowRuns.id, {
      onDelete: "set null",
    }),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("drafts_user_updated_idx").on(t.userId, t.updatedAt.desc()),
    index("drafts_execution_idx").on(t.executionId),
    index("drafts_file_storage_idx").on(t.fileStorageId),
  ],
);

/** Earlier versions of a draft, for "compare with the previous version". */
export const draftVersions = pgTable(
  "draft_versions",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    draftId: uuid("draft_id")
      .notNull()
      .references(() => drafts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: text("content").notNull(),
    /** generated | edited | regenerated */
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("draft_versions_draft_version_idx").on(t.draftId, t.version)],
);

// ---------------------------------------------------------------------------
// Organization: invitations; notifications; support requests (issue 12).

/**
 * An invitation to join an organization: a single-use token (only its sha256
 * is kept) that expires. Accepted, revoked and expired ones stay for the record.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["Member", "OrganizationAdmin"] })
      .notNull()
      .default("Member"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    /** When the link was last emailed (null: never, no SMTP). */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true, mode: "date" }),
    sendCount: integer("send_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invitations_org_idx").on(t.organizationId, t.createdAt.desc()),
    index("invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * In-app notifications of one member. `kind` names what happened (document
 * processed, shared with you, run finished...); emailedAt marks those an
 * email digest has carried.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** An in-app path to open (e.g. /dossier/...), or null. */
    link: text("link"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** Wanted by email (the member's preference when it was written) and not yet sent. */
    emailPending: boolean("email_pending").notNull().default(false),
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_email_pending_idx").on(t.userId).where(sql`${t.emailPending}`),
  ],
);

/** Per-kind delivery of notifications for one member: kind → inApp | email | off. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  organizationId: uuid("organization_id").notNull(),
  preferences: jsonb("preferences").$type<Record<string, string>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/** A support request (/account/support); superadmins answer in /admin. */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    severity: text("severity", { enum: ["low", "normal", "high", "urgent"] })
      .notNull()
      .default("normal"),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    /** An optional document of the requester's dossier. */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("support_requests_user_idx").on(t.userId, t.lastMessageAt.desc()),
    index("support_requests_status_idx").on(t.status, t.lastMessageAt.desc()),
    // The superadmins' inbox (/admin/support): all, or one organization's, latest first.
    index("support_requests_last_idx").on(t.lastMessageAt.desc()),
    index("support_requests_org_last_idx").on(t.organizationId, t.lastMessageAt.desc()),
  ],
);

/** The messages of a support request: the requester's and support's replies. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Written by a superadmin answering. */
    fromSupport: boolean("from_support").notNull().default(false),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_request_idx").on(t.requestId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Dossier II (issue 10): sharing and favorites.

/**
 * A grant on a folder or a document: to one member (granteeUserId) or to the
 * whole organization (granteeUserId null). A folder's grant covers everything
 * beneath it, including what is added later. Only the owner grants.
 */
export const dossierShares = pgTable(
  "dossier_shares",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    entityType: text("entity_type", { enum: ["folder", "document"] }).notNull(),
    /** A folders.id or documents.id (removed with it by the code that deletes it). */
    entityId: uuid("entity_id").notNull(),
    /** null: shared with the whole organization. */
    granteeUserId: uuid("grantee_user_id").references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["viewer", "editor"] }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("dossier_shares_user_idx")
      .on(t.entityType, t.entityId, t.granteeUserId)
      .where(sql`${t.granteeUserId} is not null`),
    uniqueIndex("dossier_shares_org_idx")
      .on(t.entityType, t.entityId)
      .where(sql`${t.granteeUserId} is null`),
    index("dossier_shares_grantee_idx").on(t.granteeUserId),
    index("dossier_shares_org_entity_idx").on(t.organizationId, t.entityType),
  ],
);

/** A member's starred folder or document. */
export const dossierFavorites = pgTable(
  "dossier_favorites",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entityType: text("entity_type", { enum: ["folder", "document"] }).notNull(),
    entityId: uuid("entity_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("dossier_favorites_unique_idx").on(t.userId, t.entityType, t.entityId),
    index("dossier_favorites_user_created_idx").on(t.userId, t.entityType, t.createdAt.desc()),
    index("dossier_favorites_entity_idx").on(t.entityType, t.entityId),
  ],
);

/**
 * The SSE frames of answers in flight, for a resume that reaches another
 * instance than the one generating (decision 006, amendment). The generating
 * instance appends its new frames about 20 times a second, one row per answer
 * per flush; rows go a minute after the answer ends. Written only where
 * several instances can share the database (PostgreSQL).
 */
export const chatStreamFrames = pgTable(
  "chat_stream_frames",
  {
    streamId: text("stream_id").notNull(),
    seq: integer("seq").notNull(),
    threadId: text("thread_id").notNull(),
    organizationId: uuid("organization_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** The frames of this flush, as sent ("data: …\n\n" each). */
    frames: text("frames").notNull(),
    /** The answer's last row: its frames end with [DONE]. */
    final: boolean("final").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.streamId, t.seq] }),
    index("chat_stream_frames_created_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Review tables (issue 14, decision 027): rows are documents, columns are
// questions, a model fills every cell. Live-query keys: every row of these
// tables also sends 'table:<table_id>' (see the migration), so tables.get
// re-runs only for its own table; cells send nothing else (one notification
// per table per transaction, however many cells it wrote).

export const reviewTables = pgTable(
  "review_tables",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The model that fills it; null: the organization's default, else the server's. */
    modelId: text("model_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("review_tables_org_owner_idx").on(t.organizationId, t.ownerId)],
);

export const reviewTableColumns = pgTable(
  "review_table_columns",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    tableId: uuid("table_id")
      .notNull()
      .references(() => reviewTables.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    answerType: text("answer_type", {
      enum: ["text", "yesNo", "date", "number", "currency", "choice", "list"],
    }).notNull(),
    instructions: text("instructions"),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    /** Bumps when the question, type, instructions or options change: older answers are stale. */
    revision: integer("revision").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("review_table_columns_table_idx").on(t.tableId, t.position)],
);

export const reviewTableRows = pgTable(
  "review_table_rows",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    tableId: uuid("table_id")
      .notNull()
      .references(() => reviewTables.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_table_rows_document_idx").on(t.tableId, t.documentId),
    index("review_table_rows_table_idx").on(t.tableId, t.position),
    index("review_table_rows_doc_idx").on(t.documentId),
  ],
);

export const reviewTableCells = pgTable(
  "review_table_cells",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    tableId: uuid("table_id")
      .notNull()
      .references(() => reviewTables.id, { onDelete: "cascade" }),
    rowId: uuid("row_id")
      .notNull()
      .references(() => reviewTableRows.id, { onDelete: "cascade" }),
    columnId: uuid("column_id")
      .notNull()
      .references(() => reviewTableColumns.id, { onDelete: "cascade" }),
    status: text("status", {
      enum: ["empty", "queued", "running", "done", "failed", "cancelled"],
    })
      .notNull()
      .default("empty"),
    /** The short answer as shown (plain text). */
    answer: text("answer"),
    /**
     * The typed answer for sorting and filtering. Read it with `cellValueSql`
     * (tables/table-queries.ts), never as this column: drivers parse a jsonb
     * string and drizzle parses it again ("123" would come back as 123).
     */
    value: jsonb("value").$type<string | number | boolean | string[] | null>(),
    explanation: text("explanation"),
    citations: jsonb("citations")
      .$type<Array<{ chunkId: string | null; quote: string; page: number | null }>>()
      .notNull()
      .default([]),
    /** A member corrected it by hand: filling leaves it alone. */
    edited: boolean("edited").notNull().default(false),
    editedBy: uuid("edited_by").references(() => users.id, { onDelete: "set null" }),
    /** The model's answer, kept when a member corrects it. */
    modelAnswer: text("model_answer"),
    modelId: text("model_id"),
    error: text("error"),
    /** Model attempts of the current fill (claims and retries). */
    attempts: integer("attempts").notNull().default(0),
    /** The column revision the answer answers (0: none yet). */
    columnRevision: integer("column_revision").notNull().default(0),
    /** While running: the fill job holding the cell, its claim and until when. */
    claimJobId: uuid("claim_job_id"),
    claimToken: text("claim_token"),
    claimUntil: timestamp("claim_until", { withTimezone: true, mode: "date" }),
    /** The revision the running claim asks; the answer is kept only if it is still current. */
    claimRevision: integer("claim_revision"),
    /** A queued cell waits until then (a retry after a rate limit). */
    runAfter: timestamp("run_after", { withTimezone: true, mode: "date" }),
    /** When the model last answered it (the pace of a fill). */
    filledAt: timestamp("filled_at", { withTimezone: true, mode: "date" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("review_table_cells_unique_idx").on(t.rowId, t.columnId),
    // The fill's queue (table, status) and the table's progress: every column the progress
    // counts is in the index, so it is an index-only scan, not a pass over the answers.
    index("review_table_cells_progress_idx").on(t.tableId, t.status, t.edited, t.filledAt),
    index("review_table_cells_column_idx").on(t.columnId),
    // tables.getChanges: the cells of a table changed since a point in time (decision 027).
    index("review_table_cells_table_updated_idx").on(t.tableId, t.updatedAt),
  ],
);

export const reviewTableShares = pgTable(
  "review_table_shares",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    tableId: uuid("table_id")
      .notNull()
      .references(() => reviewTables.id, { onDelete: "cascade" }),
    /** null: shared with the whole organization. */
    granteeUserId: uuid("grantee_user_id").references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["viewer", "editor"] }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("review_table_shares_user_idx")
      .on(t.tableId, t.granteeUserId)
      .where(sql`${t.granteeUserId} is not null`),
    uniqueIndex("review_table_shares_org_idx").on(t.tableId).where(sql`${t.granteeUserId} is null`),
    index("review_table_shares_grantee_idx").on(t.granteeUserId),
  ],
);

// ---------------------------------------------------------------------------
// Workflows (issue 14, decision 028): procedures members build and run.

/** A workflow step as stored: the shared schema's (prompt, module or table). */
export type WorkflowStepRow = import("#shared/schemas/workflow.ts").WorkflowStep;

/** A multi-step procedure of an organization; archived ones stay for their runs. */
export const workflows = pgTable(
  "workflows",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    inputs: jsonb("inputs").$type<ModuleInputRow[]>().notNull().default([]),
    steps: jsonb("steps").$type<WorkflowStepRow[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("workflows_org_slug_idx").on(t.organizationId, t.slug)],
);

/**
 * One run of a workflow by a member, with the steps as they were when it
 * started. The durable job 'workflow-run' carries it out one step at a time;
 * status moves queued → running → succeeded | failed | cancelled (a retry
 * moves a failed or cancelled run back to queued).
 */
export const workflowRuns = pgTable(
  "workflow_runs",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    steps: jsonb("steps").$type<WorkflowStepRow[]>().notNull(),
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull().default({}),
    documentIds: jsonb("document_ids").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    currentStep: integer("current_step").notNull().default(0),
    /** Bumped by every retry: a job of an earlier turn finds it changed and stops. */
    turn: integer("turn").notNull().default(0),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workflow_runs_user_idx").on(t.userId, t.createdAt.desc()),
    index("workflow_runs_workflow_idx").on(t.workflowId, t.createdAt.desc()),
  ],
);

/** One step of a run: its status, output and what it started (a module run, a table). */
export const workflowRunSteps = pgTable(
  "workflow_run_steps",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    /** The run's user, so changes reach only their screens ('user:<id>'). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    kind: text("kind", { enum: ["prompt", "module", "table"] }).notNull(),
    status: text("status", { enum: ["pending", "running", "succeeded", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    output: text("output"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** Module steps: the execution it started (its latest attempt's). */
    executionId: uuid("execution_id").references(() => moduleExecutions.id, {
      onDelete: "set null",
    }),
    /** Table steps: the review table it filled. */
    tableId: uuid("table_id"),
    /** Module and table steps: polls so far while waiting (spaces the next look). */
    waits: integer("waits").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("workflow_run_steps_run_index_idx").on(t.runId, t.index),
    index("workflow_run_steps_execution_idx").on(t.executionId),
  ],
);

// ---------------------------------------------------------------------------
// Superadmin overview: usage rollups (decision 026). Kept by database triggers
// where the events happen (documents, threads, messages, sessions), so
// admin.stats and admin.organizations.list never scan the big tables.

/**
 * What happened per UTC day per organization: `metric` is documents, bytes,
 * failures, threads, messages, active_users or tokens (`key`: the model id;
 * '' for the others). Events, not state: deleting a document later does not
 * lower the day it was added.
 */
export const usageDaily = pgTable(
  "usage_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The nil uuid for users without an organization (active_users only). */
    organizationId: uuid("organization_id").notNull(),
    metric: text("metric").notNull(),
    key: text("key").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.organizationId, t.metric, t.key] }),
    index("usage_daily_org_day_idx").on(t.organizationId, t.day),
  ],
);

/** The users seen on a day (a sign-in or a session refreshed): counted once into usage_daily. */
export const usageActiveUsers = pgTable(
  "usage_active_users",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: uuid("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** Running totals per organization: documents and bytes stored now. */
export const usageTotals = pgTable(
  "usage_totals",
  {
    organizationId: uuid("organization_id").notNull(),
    metric: text("metric").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.metric] })],
);

// ---------------------------------------------------------------------------
// Sign-in methods (issue 13, decision 030): single sign-on (OpenID Connect),
// emailed one-time codes and two factors (TOTP). Every secret is a hash or
// encrypted (auth/server-secrets.ts); every row is short-lived or per user.

/** An organization's sign-in rules: default role of people single sign-on creates, what it requires. */
export const organizationSignInPolicies = pgTable("organization_sign_in_policies", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  defaultRole: text("default_role", { enum: ["Member", "OrganizationAdmin"] })
    .notNull()
    .default("Member"),
  requireSso: boolean("require_sso").notNull().default(false),
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  updatedAt: updatedAt(),
});

/** Email domains whose people single sign-on may create in an organization; a domain belongs to one. */
export const organizationEmailDomains = pgTable(
  "organization_email_domains",
  {
    domain: text("domain").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("organization_email_domains_org_idx").on(t.organizationId)],
);

/**
 * One single sign-on attempt: made by auth.signIn (state, nonce, PKCE verifier, the
 * client's verifier hash), finished at the callback (the user, the app's one-time code),
 * spent by auth.signIn with that code and the client's verifier. Each step works once.
 */
export const oidcLogins = pgTable(
  "oidc_logins",
  {
    id: uuid("id").primaryKey(),
    provider: text("provider").notNull(),
    stateHash: text("state_hash").notNull().unique(),
    nonce: text("nonce").notNull(),
    /** The PKCE code verifier, encrypted (it is sent to the provider at the callback). */
    pkceVerifier: text("pkce_verifier").notNull(),
    clientVerifierHash: text("client_verifier_hash").notNull(),
    /** Our callback address as sent to the provider (it must be sent again with the code). */
    redirectUri: text("redirect_uri").notNull(),
    /** A path in the app to land on afterwards. */
    redirectTo: text("redirect_to"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    stateUsedAt: timestamp("state_used_at", { withTimezone: true, mode: "date" }),
    /** What the provider's checked ID token said (email, email_verified, sub, names). */
    claims: jsonb("claims").$type<Record<string, unknown>>(),
    codeHash: text("code_hash").unique(),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true, mode: "date" }),
    codeUsedAt: timestamp("code_used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("oidc_logins_created_idx").on(t.createdAt)],
);

/** Emailed sign-in codes: a link token (sha256) and a 6-digit code (HMAC), once, 10 minutes. */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkHash: text("link_hash").notNull().unique(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_codes_user_idx").on(t.userId, t.createdAt)],
);

/** A user's TOTP secret, encrypted; confirmed once a code from their app was checked. */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
  /** The last 30-second step a code was accepted for: a code works once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Recovery codes (sha256), each good once. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)],
);

/**
 * Between a correct first factor (password, emailed code) and the second: "verify" asks
 * for a code from the app or a recovery code, "setup" for setting up the app first
 * (the organization requires two factors). Short-lived, used once.
 */
export const twoFactorChallenges = pgTable("two_factor_challenges", {
  id: uuid("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["verify", "setup"] }).notNull(),
  firstFactor: text("first_factor").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Search (issue 10, decision 031): the words of each organization's passages, so a misspelt
// query word finds the words it was meant to be (pg_trgm similarity over this table's
// trigram index, added by the migration when the extension exists). Filled by processing;
// never pruned (a stale word only widens a misspelling's alternatives).

export const searchTerms = pgTable(
  "search_terms",
  {
    organizationId: uuid("organization_id").notNull(),
    term: text("term").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.term] })],
);

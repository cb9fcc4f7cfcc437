CREATE TABLE "draft_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"execution_id" uuid,
	"module_id" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"file_storage_id" text,
	"file_name" text,
	"file_mime_type" text,
	"file_size" bigint,
	"saved_document_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"callback_token_hash" text,
	"callback_expires_at" timestamp with time zone,
	"callback_seq" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"module_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"icon" text,
	"kind" text NOT NULL,
	"n8n_workflow_id" text,
	"endpoint_url" text,
	"webhook_secret" text,
	"technical_notes" text DEFAULT '' NOT NULL,
	"estimated_time_minutes" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prompt_template" text,
	"model_id" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_versions" ADD CONSTRAINT "draft_versions_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_versions" ADD CONSTRAINT "draft_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_execution_id_module_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."module_executions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_saved_document_id_documents_id_fk" FOREIGN KEY ("saved_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_executions" ADD CONSTRAINT "module_executions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_executions" ADD CONSTRAINT "module_executions_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_executions" ADD CONSTRAINT "module_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_organizations" ADD CONSTRAINT "module_organizations_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_organizations" ADD CONSTRAINT "module_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_category_id_module_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."module_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_versions_draft_version_idx" ON "draft_versions" USING btree ("draft_id","version");--> statement-breakpoint
CREATE INDEX "drafts_user_updated_idx" ON "drafts" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drafts_execution_idx" ON "drafts" USING btree ("execution_id");--> statement-breakpoint
CREATE INDEX "drafts_file_storage_idx" ON "drafts" USING btree ("file_storage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "module_categories_name_idx" ON "module_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "module_executions_user_idx" ON "module_executions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "module_executions_module_idx" ON "module_executions" USING btree ("module_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "module_executions_status_idx" ON "module_executions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "module_organizations_unique_idx" ON "module_organizations" USING btree ("module_id","organization_id");--> statement-breakpoint
CREATE INDEX "module_organizations_org_idx" ON "module_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_slug_idx" ON "modules" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "modules_category_idx" ON "modules" USING btree ("category_id");--> statement-breakpoint
-- Live queries over modules (decision 002, 018). Modules and their categories
-- belong to no organization: their changes carry no organization ('o' null),
-- so only queries that read them with the global scope (or narrow to their
-- ids) re-run. module_organizations names the organization it limits.
CREATE OR REPLACE FUNCTION atrium_changes_global_rows() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NULL, 'i', OLD.id::text)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NULL, 'i', NEW.id::text)::text);
  END IF;
  RETURN NULL;
END
$body$;
--> statement-breakpoint
CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON "modules" FOR EACH ROW EXECUTE FUNCTION atrium_changes_global_rows();
--> statement-breakpoint
CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON "module_categories" FOR EACH ROW EXECUTE FUNCTION atrium_changes_global_rows();
--> statement-breakpoint
SELECT atrium_track_changes_keyed('module_organizations', 'organization_id', 'id', 'module', 'module_id');
--> statement-breakpoint
-- An execution and a draft also send 'user:<user_id>' (one member's runs and
-- drafts); a draft's versions send 'draft:<draft_id>'.
SELECT atrium_track_changes_keyed('module_executions', 'organization_id', 'id', 'user', 'user_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('drafts', 'organization_id', 'id', 'user', 'user_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('draft_versions', 'organization_id', 'id', 'draft', 'draft_id');

CREATE TABLE "review_table_cells" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"status" text DEFAULT 'empty' NOT NULL,
	"answer" text,
	"value" jsonb,
	"explanation" text,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"edited_by" uuid,
	"model_answer" text,
	"model_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"column_revision" integer DEFAULT 0 NOT NULL,
	"claim_job_id" uuid,
	"claim_token" text,
	"claim_until" timestamp with time zone,
	"claim_revision" integer,
	"run_after" timestamp with time zone,
	"filled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_table_columns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer_type" text NOT NULL,
	"instructions" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_table_rows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"document_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_table_shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"grantee_user_id" uuid,
	"role" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_tables" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"model_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_table_cells" ADD CONSTRAINT "review_table_cells_table_id_review_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."review_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_cells" ADD CONSTRAINT "review_table_cells_row_id_review_table_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."review_table_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_cells" ADD CONSTRAINT "review_table_cells_column_id_review_table_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."review_table_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_cells" ADD CONSTRAINT "review_table_cells_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_columns" ADD CONSTRAINT "review_table_columns_table_id_review_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."review_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_rows" ADD CONSTRAINT "review_table_rows_table_id_review_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."review_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_rows" ADD CONSTRAINT "review_table_rows_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_shares" ADD CONSTRAINT "review_table_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_shares" ADD CONSTRAINT "review_table_shares_table_id_review_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."review_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_shares" ADD CONSTRAINT "review_table_shares_grantee_user_id_users_id_fk" FOREIGN KEY ("grantee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_table_shares" ADD CONSTRAINT "review_table_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tables" ADD CONSTRAINT "review_tables_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tables" ADD CONSTRAINT "review_tables_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_table_cells_unique_idx" ON "review_table_cells" USING btree ("row_id","column_id");--> statement-breakpoint
CREATE INDEX "review_table_cells_table_status_idx" ON "review_table_cells" USING btree ("table_id","status");--> statement-breakpoint
CREATE INDEX "review_table_cells_column_idx" ON "review_table_cells" USING btree ("column_id");--> statement-breakpoint
CREATE INDEX "review_table_columns_table_idx" ON "review_table_columns" USING btree ("table_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "review_table_rows_document_idx" ON "review_table_rows" USING btree ("table_id","document_id");--> statement-breakpoint
CREATE INDEX "review_table_rows_table_idx" ON "review_table_rows" USING btree ("table_id","position");--> statement-breakpoint
CREATE INDEX "review_table_rows_doc_idx" ON "review_table_rows" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_table_shares_user_idx" ON "review_table_shares" USING btree ("table_id","grantee_user_id") WHERE "review_table_shares"."grantee_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_table_shares_org_idx" ON "review_table_shares" USING btree ("table_id") WHERE "review_table_shares"."grantee_user_id" is null;--> statement-breakpoint
CREATE INDEX "review_table_shares_grantee_idx" ON "review_table_shares" USING btree ("grantee_user_id");--> statement-breakpoint
CREATE INDEX "review_tables_org_owner_idx" ON "review_tables" USING btree ("organization_id","owner_id");--> statement-breakpoint
-- Live queries (decision 002, 027): every row of a review table's tables also
-- sends 'table:<table_id>', so tables.get depends on its own table only. A
-- cell sends only its table's key (id column = table_id): identical payloads
-- in one transaction are merged by PostgreSQL, so a fill batch that writes a
-- hundred cells sends two notifications, not a hundred.
SELECT atrium_track_changes_keyed('review_tables', 'organization_id', 'id', 'table', 'id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('review_table_columns', 'organization_id', 'id', 'table', 'table_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('review_table_rows', 'organization_id', 'id', 'table', 'table_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('review_table_cells', 'organization_id', 'table_id', 'table', 'table_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('review_table_shares', 'organization_id', 'id', 'table', 'table_id');

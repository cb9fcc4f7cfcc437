CREATE TABLE "prompts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"body" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_organization_idx" ON "prompts" USING btree ("organization_id","sort_order");--> statement-breakpoint
-- Live queries over prompts (decision 002, 017). Besides its own id, a change
-- carries 'scope:<organization_id>', or 'scope:global' for a global prompt
-- (organization_id null), so prompts.listPrompts depends on its caller's
-- organization's prompts and on the global ones, and nothing else.
CREATE OR REPLACE FUNCTION atrium_changes_prompts() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.organization_id::text, 'i', OLD.id::text)::text);
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.organization_id::text, 'i', 'scope:' || coalesce(OLD.organization_id::text, 'global'))::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.organization_id::text, 'i', NEW.id::text)::text);
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.organization_id::text, 'i', 'scope:' || coalesce(NEW.organization_id::text, 'global'))::text);
  END IF;
  RETURN NULL;
END
$body$;
--> statement-breakpoint
CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON "prompts" FOR EACH ROW EXECUTE FUNCTION atrium_changes_prompts();

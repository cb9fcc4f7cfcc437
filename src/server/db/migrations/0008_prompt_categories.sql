CREATE TABLE "prompt_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "prompt_categories" ADD CONSTRAINT "prompt_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_categories_org_name_idx" ON "prompt_categories" USING btree ("organization_id",lower("name")) WHERE "prompt_categories"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_categories_global_name_idx" ON "prompt_categories" USING btree (lower("name")) WHERE "prompt_categories"."organization_id" is null;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_category_id_prompt_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."prompt_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each distinct category text of an organization's prompts (or of the global
-- ones), ignoring case and surrounding spaces, becomes a row; its prompts point
-- to it; then the text goes (decision 017, amendment).
INSERT INTO "prompt_categories" ("id", "organization_id", "name")
SELECT gen_random_uuid(), "organization_id", min(btrim("category"))
FROM "prompts"
WHERE "category" IS NOT NULL AND btrim("category") <> ''
GROUP BY "organization_id", lower(btrim("category"));--> statement-breakpoint
UPDATE "prompts" SET "category_id" = c."id"
FROM "prompt_categories" c
WHERE c."organization_id" IS NOT DISTINCT FROM "prompts"."organization_id"
  AND lower(c."name") = lower(btrim("prompts"."category"));--> statement-breakpoint
ALTER TABLE "prompts" DROP COLUMN "category";--> statement-breakpoint
-- Live queries over categories: like prompts (migration 0007), a change carries
-- its id and 'scope:<organization_id>' or 'scope:global', so
-- prompts.listCategories depends on its caller's organization's categories and
-- on the global ones. atrium_changes_prompts() reads only TG_TABLE_NAME,
-- organization_id and id, so it serves this table as it is.
CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON "prompt_categories" FOR EACH ROW EXECUTE FUNCTION atrium_changes_prompts();
CREATE TABLE "dossier_favorites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"grantee_user_id" uuid,
	"role" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dossier_favorites" ADD CONSTRAINT "dossier_favorites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_favorites" ADD CONSTRAINT "dossier_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_shares" ADD CONSTRAINT "dossier_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_shares" ADD CONSTRAINT "dossier_shares_grantee_user_id_users_id_fk" FOREIGN KEY ("grantee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_shares" ADD CONSTRAINT "dossier_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_favorites_unique_idx" ON "dossier_favorites" USING btree ("user_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "dossier_favorites_user_created_idx" ON "dossier_favorites" USING btree ("user_id","entity_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dossier_favorites_entity_idx" ON "dossier_favorites" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_shares_user_idx" ON "dossier_shares" USING btree ("entity_type","entity_id","grantee_user_id") WHERE "dossier_shares"."grantee_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_shares_org_idx" ON "dossier_shares" USING btree ("entity_type","entity_id") WHERE "dossier_shares"."grantee_user_id" is null;--> statement-breakpoint
CREATE INDEX "dossier_shares_grantee_idx" ON "dossier_shares" USING btree ("grantee_user_id");--> statement-breakpoint
CREATE INDEX "dossier_shares_org_entity_idx" ON "dossier_shares" USING btree ("organization_id","entity_type");--> statement-breakpoint
-- Live queries (decision 002): a share sends its organization and
-- 'user:<grantee>' (a grant to the whole organization sends none); a favorite
-- sends 'user:<user_id>'.
SELECT atrium_track_changes_keyed('dossier_shares', 'organization_id', 'id', 'user', 'grantee_user_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('dossier_favorites', 'organization_id', 'id', 'user', 'user_id');

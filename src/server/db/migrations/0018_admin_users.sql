ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_target_created_idx" ON "audit_log" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "users_org_email_lower_idx" ON "users" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "users_superadmin_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."is_superadmin";--> statement-breakpoint
CREATE INDEX "users_disabled_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."disabled";--> statement-breakpoint
-- Last active (decision 025): the latest sign-in or session refresh known so far.
UPDATE "users" u SET "last_active_at" = greatest(u."last_sign_in_at", s.at)
FROM (SELECT "user_id", max("last_used_at") AS at FROM "sessions" GROUP BY "user_id") s
WHERE s."user_id" = u."id";
--> statement-breakpoint
UPDATE "users" SET "last_active_at" = "last_sign_in_at" WHERE "last_active_at" IS NULL AND "last_sign_in_at" IS NOT NULL;

DROP INDEX "audit_log_org_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","created_at" DESC NULLS LAST) WHERE "audit_log"."subject_user_id" is not null;--> statement-breakpoint
CREATE INDEX "support_requests_last_idx" ON "support_requests" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_requests_org_last_idx" ON "support_requests" USING btree ("organization_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_last_idx" ON "threads" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_org_last_idx" ON "threads" USING btree ("organization_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_org_created_idx" ON "audit_log" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is append-only (decision 024): no function of the product
-- changes or deletes a line, and the database refuses it too, so neither a
-- bug nor a compromised application path can rewrite history. A migration
-- that truly must (say, an anonymization required by law) drops this
-- trigger, does its work and recreates it, in plain sight.
CREATE OR REPLACE FUNCTION atrium_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$body$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION atrium_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_audit_log_append_only();
--> statement-breakpoint
-- A line about someone's data also sends 'user:<subject_user_id>', so the
-- owner's "Administrator access" card re-runs on a look at their things only.
SELECT atrium_track_changes_keyed('audit_log', 'organization_id', 'id', 'user', 'subject_user_id');

CREATE TABLE "usage_active_users" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "usage_active_users_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_day_organization_id_metric_key_pk" PRIMARY KEY("day","organization_id","metric","key")
);
--> statement-breakpoint
CREATE TABLE "usage_totals" (
	"organization_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_totals_organization_id_metric_pk" PRIMARY KEY("organization_id","metric")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "usage_daily_org_day_idx" ON "usage_daily" USING btree ("organization_id","day");--> statement-breakpoint
-- Decision 026: the superadmin overview reads small daily rollups kept by the
-- triggers below, never the big tables. A trigger that fails would fail the
-- user's own write, so they only add numbers and never raise on odd input.
CREATE OR REPLACE FUNCTION atrium_usage_add(d date, org uuid, m text, k text, delta bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO usage_daily (day, organization_id, metric, key, value)
  VALUES (d, org, m, coalesce(k, ''), delta)
  ON CONFLICT (day, organization_id, metric, key) DO UPDATE SET value = usage_daily.value + EXCLUDED.value;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_usage_total(org uuid, m text, delta bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO usage_totals (organization_id, metric, value) VALUES (org, m, delta)
  ON CONFLICT (organization_id, metric) DO UPDATE SET value = usage_totals.value + EXCLUDED.value;
$$;
--> statement-breakpoint
-- An answer's tokens from its recorded usage (AI SDK: totalTokens, else input + output).
CREATE OR REPLACE FUNCTION atrium_usage_tokens(u jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(u->'totalTokens') = 'number' THEN floor((u->>'totalTokens')::numeric)::bigint
    ELSE coalesce(CASE WHEN jsonb_typeof(u->'inputTokens') = 'number' THEN floor((u->>'inputTokens')::numeric)::bigint END, 0)
       + coalesce(CASE WHEN jsonb_typeof(u->'outputTokens') = 'number' THEN floor((u->>'outputTokens')::numeric)::bigint END, 0)
  END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_usage_day(t timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT (t AT TIME ZONE 'UTC')::date; $$;
--> statement-breakpoint
-- Backfill from the data already there (runs once, before the triggers exist).
INSERT INTO usage_daily (day, organization_id, metric, key, value)
SELECT atrium_usage_day(created_at), organization_id, 'documents', '', count(*) FROM documents GROUP BY 1, 2
UNION ALL
SELECT atrium_usage_day(created_at), organization_id, 'bytes', '', sum(size) FROM documents GROUP BY 1, 2
UNION ALL
SELECT atrium_usage_day(updated_at), organization_id, 'failures', '', count(*) FROM documents WHERE processing_status = 'failed' GROUP BY 1, 2
UNION ALL
SELECT atrium_usage_day(created_at), organization_id, 'threads', '', count(*) FROM threads GROUP BY 1, 2
UNION ALL
SELECT atrium_usage_day(created_at), organization_id, 'messages', '', count(*) FROM messages GROUP BY 1, 2
UNION ALL
SELECT atrium_usage_day(created_at), organization_id, 'tokens', coalesce(model_id, ''), sum(atrium_usage_tokens(usage))
FROM messages WHERE role = 'assistant' AND usage IS NOT NULL GROUP BY 1, 2, 4;
--> statement-breakpoint
INSERT INTO usage_totals (organization_id, metric, value)
SELECT organization_id, 'documents', count(*) FROM documents GROUP BY 1
UNION ALL
SELECT organization_id, 'bytes', sum(size) FROM documents GROUP BY 1;
--> statement-breakpoint
INSERT INTO usage_active_users (day, user_id)
SELECT atrium_usage_day(created_at), user_id FROM sessions
UNION
SELECT atrium_usage_day(last_used_at), user_id FROM sessions
UNION
SELECT atrium_usage_day(last_sign_in_at), id FROM users WHERE last_sign_in_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO usage_daily (day, organization_id, metric, key, value)
SELECT a.day, coalesce(u.organization_id, '00000000-0000-0000-0000-000000000000'), 'active_users', '', count(*)
FROM usage_active_users a JOIN users u ON u.id = a.user_id
GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_usage_documents() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM atrium_usage_add(atrium_usage_day(now()), NEW.organization_id, 'documents', '', 1);
    PERFORM atrium_usage_add(atrium_usage_day(now()), NEW.organization_id, 'bytes', '', NEW.size);
    PERFORM atrium_usage_total(NEW.organization_id, 'documents', 1);
    PERFORM atrium_usage_total(NEW.organization_id, 'bytes', NEW.size);
    IF NEW.processing_status = 'failed' THEN
      PERFORM atrium_usage_add(atrium_usage_day(now()), NEW.organization_id, 'failures', '', 1);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM atrium_usage_total(OLD.organization_id, 'documents', -1);
    PERFORM atrium_usage_total(OLD.organization_id, 'bytes', -OLD.size);
  ELSE
    IF NEW.processing_status = 'failed' AND OLD.processing_status IS DISTINCT FROM 'failed' THEN
      PERFORM atrium_usage_add(atrium_usage_day(now()), NEW.organization_id, 'failures', '', 1);
    END IF;
    IF NEW.size IS DISTINCT FROM OLD.size OR NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
      PERFORM atrium_usage_total(OLD.organization_id, 'documents', -1);
      PERFORM atrium_usage_total(OLD.organization_id, 'bytes', -OLD.size);
      PERFORM atrium_usage_total(NEW.organization_id, 'documents', 1);
      PERFORM atrium_usage_total(NEW.organization_id, 'bytes', NEW.size);
    END IF;
  END IF;
  RETURN NULL;
END
$body$;
--> statement-breakpoint
CREATE TRIGGER atrium_usage AFTER INSERT OR DELETE OR UPDATE OF processing_status, size, organization_id ON "documents" FOR EACH ROW EXECUTE FUNCTION atrium_usage_documents();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_usage_threads() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  PERFORM atrium_usage_add(atrium_usage_day(now()), NEW.organization_id, 'threads', '', 1);
  RETURN NULL;
END
$body$;
--> statement-breakpoint
CREATE TRIGGER atrium_usage AFTER INSERT ON "threads" FOR EACH ROW EXECUTE FUNCTION atrium_usage_threads();
--> statement-breakpoint
-- A message counts when written; an answer's tokens when its usage is recorded
-- (at the end of its stream), on the day the answer started.
CREATE OR REPLACE FUNCTION atrium_usage_messages() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM atrium_usage_add(atrium_usage_day(NEW.created_at), NEW.organization_id, 'messages', '', 1);
    delta := CASE WHEN NEW.usage IS NULL THEN 0 ELSE atrium_usage_tokens(NEW.usage) END;
  ELSE
    delta := CASE WHEN NEW.usage IS NULL THEN 0 ELSE atrium_usage_tokens(NEW.usage) END
           - CASE WHEN OLD.usage IS NULL THEN 0 ELSE atrium_usage_tokens(OLD.usage) END;
  END IF;
  IF NEW.role = 'assistant' AND delta <> 0 THEN
    PERFORM atrium_usage_add(atrium_usage_day(NEW.created_at), NEW.organization_id, 'tokens', coalesce(NEW.model_id, ''), delta);
  END IF;
  RETURN NULL;
END
$body$;
--> statement-breakpoint
CREATE TRIGGER atrium_usage AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION atrium_usage_messages();
--> statement-breakpoint
CREATE TRIGGER atrium_usage_tokens AFTER UPDATE OF usage ON "messages" FOR EACH ROW
WHEN (OLD.usage IS DISTINCT FROM NEW.usage) EXECUTE FUNCTION atrium_usage_messages();
--> statement-breakpoint
-- A user is active on a day they sign in or their session is refreshed; counted once a day.
CREATE OR REPLACE FUNCTION atrium_usage_sessions() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  d date := atrium_usage_day(now());
  added integer;
BEGIN
  INSERT INTO usage_active_users (day, user_id) VALUES (d, NEW.user_id) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added > 0 THEN
    PERFORM atrium_usage_add(d, coalesce(NEW.organization_id, '00000000-0000-0000-0000-000000000000'), 'active_users', '', 1);
  END IF;
  RETURN NULL;
END
$body$;
--> statement-breakpoint
CREATE TRIGGER atrium_usage AFTER INSERT OR UPDATE OF last_used_at ON "sessions" FOR EACH ROW EXECUTE FUNCTION atrium_usage_sessions();

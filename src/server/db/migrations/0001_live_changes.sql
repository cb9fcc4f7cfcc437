-- pgvector where the server has it (PGlite loads it; plain PostgreSQL may not).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
END
$$;
--> statement-breakpoint
-- Live queries: every write to a tracked table sends, at commit, one
-- notification per (table, organization, row) on channel atrium_changes.
-- Later migrations call atrium_track_changes('table', 'org_column') for their
-- own tables. Identical payloads in one transaction are merged by PostgreSQL.
CREATE OR REPLACE FUNCTION atrium_track_changes(tbl text, org_column text) RETURNS void
LANGUAGE plpgsql AS $outer$
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.%2$I::text, 'i', OLD.id::text)::text);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.%2$I::text, 'i', NEW.id::text)::text);
      END IF;
      RETURN NULL;
    END
    $body$;
  $f$, 'atrium_changes_' || tbl, org_column);
  EXECUTE format('DROP TRIGGER IF EXISTS atrium_changes ON %I', tbl);
  EXECUTE format(
    'CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION %I()',
    tbl, 'atrium_changes_' || tbl
  );
END
$outer$;
--> statement-breakpoint
SELECT atrium_track_changes('organizations', 'id');
--> statement-breakpoint
SELECT atrium_track_changes('users', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('sessions', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('audit_log', 'organization_id');

CREATE INDEX "thread_documents_document_idx" ON "thread_documents" USING btree ("document_id");--> statement-breakpoint
-- Live-query keys for the chat tables (decision 002; src/server/chat/live-keys.ts).
-- * user_preferences and organization_settings have no "id" column, so the
--   trigger of 0001 failed every write to them (record "new" has no field
--   "id"): key their changes by their primary key instead.
-- * threads, thread_documents and messages also send the key of the row they
--   belong to ('user:<user_id>' for a thread, 'thread:<thread_id>' for an
--   attachment or a message), so a live query can depend on one thread's
--   messages or one user's threads instead of the whole organization's.
CREATE OR REPLACE FUNCTION atrium_track_changes_keyed(
  tbl text, org_column text, id_column text, parent_prefix text, parent_column text
) RETURNS void
LANGUAGE plpgsql AS $outer$
DECLARE
  parent_old text := '';
  parent_new text := '';
BEGIN
  IF parent_column IS NOT NULL THEN
    parent_old := format(
      $p$PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.%1$I::text, 'i', %2$L || OLD.%3$I::text)::text);$p$,
      org_column, parent_prefix || ':', parent_column);
    parent_new := format(
      $p$PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.%1$I::text, 'i', %2$L || NEW.%3$I::text)::text);$p$,
      org_column, parent_prefix || ':', parent_column);
  END IF;
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.%2$I::text, 'i', OLD.%3$I::text)::text);
        %4$s
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.%2$I::text, 'i', NEW.%3$I::text)::text);
        %5$s
      END IF;
      RETURN NULL;
    END
    $body$;
  $f$, 'atrium_changes_' || tbl, org_column, id_column, parent_old, parent_new);
  EXECUTE format('DROP TRIGGER IF EXISTS atrium_changes ON %I', tbl);
  EXECUTE format(
    'CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION %I()',
    tbl, 'atrium_changes_' || tbl
  );
END
$outer$;
--> statement-breakpoint
SELECT atrium_track_changes_keyed('user_preferences', 'organization_id', 'user_id', NULL, NULL);
--> statement-breakpoint
SELECT atrium_track_changes_keyed('organization_settings', 'organization_id', 'organization_id', NULL, NULL);
--> statement-breakpoint
SELECT atrium_track_changes_keyed('threads', 'organization_id', 'id', 'user', 'user_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('thread_documents', 'organization_id', 'id', 'thread', 'thread_id');
--> statement-breakpoint
SELECT atrium_track_changes_keyed('messages', 'organization_id', 'id', 'thread', 'thread_id');

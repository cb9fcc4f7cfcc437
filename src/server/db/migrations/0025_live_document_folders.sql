-- Live queries over documents by folder (decision 034, "Re-runs a change cannot alter"). Besides
-- its own id, a document's change carries the folder it was in and the folder it is in
-- ('folder:<folder_id>', 'folder:top' for a document at the top level of its owner's dossier),
-- so a folder's page (documents.list) depends on that folder's documents only: a tag, a rename,
-- an upload or a processing step in another folder re-runs nothing there; a move re-runs both.
-- PostgreSQL merges identical notifications of one transaction, so an update that keeps the
-- folder sends its folder key once.
CREATE OR REPLACE FUNCTION atrium_changes_documents() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.organization_id::text, 'i', OLD.id::text)::text);
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.organization_id::text, 'i', 'folder:' || coalesce(OLD.folder_id::text, 'top'))::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.organization_id::text, 'i', NEW.id::text)::text);
    PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.organization_id::text, 'i', 'folder:' || coalesce(NEW.folder_id::text, 'top'))::text);
  END IF;
  RETURN NULL;
END
$body$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS atrium_changes ON "documents";
--> statement-breakpoint
CREATE TRIGGER atrium_changes AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION atrium_changes_documents();

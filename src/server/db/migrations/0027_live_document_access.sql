-- Live queries over documents by access (decision 034, "Members' parts kept"). Besides its own id
-- and its folder (0025), a document's change carries 'access:<id>' when what a rank is computed
-- from changes: the row comes or goes, or its owner, folder or organization changes. A member's
-- part of a folder's page (their rank and star on its rows, documents.list) depends on those keys
-- of its rows, not on every change of them: a rename, a tag, a processing step or a summary keeps
-- it, so the page's next run reads the shared rows again but not the members' parts.
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
  IF TG_OP = 'INSERT' OR TG_OP = 'DELETE'
    OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
    OR OLD.folder_id IS DISTINCT FROM NEW.folder_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', OLD.organization_id::text, 'i', 'access:' || OLD.id::text)::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('atrium_changes', json_build_object('t', TG_TABLE_NAME, 'o', NEW.organization_id::text, 'i', 'access:' || NEW.id::text)::text);
    END IF;
  END IF;
  RETURN NULL;
END
$body$;

-- Dossier ownership (decision 023). Until now every member read and changed
-- the whole organization's dossier; from now on a folder or document is its
-- owner's and private until shared.
--
-- 1. Every folder and document gets an owner: the member recorded as its
--    creator in the audit log when there is one, else the owner of the
--    nearest folder above it, else the organization's first admin, else its
--    first member. Only a member of the row's own organization can be chosen.
WITH recorded AS (
  SELECT DISTINCT ON (a.target_id) a.target_id, a.actor_user_id
  FROM audit_log a
  JOIN users u ON u.id = a.actor_user_id
  WHERE a.target_type = 'folder' AND a.actor_user_id IS NOT NULL
    AND u.organization_id = a.organization_id
  ORDER BY a.target_id, a.created_at
)
UPDATE folders f SET owner_id = r.actor_user_id
FROM recorded r
WHERE f.owner_id IS NULL AND r.target_id = f.id::text;
--> statement-breakpoint
UPDATE folders f SET owner_id = (
  SELECT a.owner_id FROM folders a
  WHERE a.organization_id = f.organization_id AND a.owner_id IS NOT NULL
    AND starts_with(f.path, a.path || '/')
  ORDER BY length(a.path) DESC
  LIMIT 1
)
WHERE f.owner_id IS NULL;
--> statement-breakpoint
WITH recorded AS (
  SELECT DISTINCT ON (a.target_id) a.target_id, a.actor_user_id
  FROM audit_log a
  JOIN users u ON u.id = a.actor_user_id
  WHERE a.target_type = 'document' AND a.actor_user_id IS NOT NULL
    AND u.organization_id = a.organization_id
  ORDER BY a.target_id, a.created_at
)
UPDATE documents d SET owner_id = r.actor_user_id
FROM recorded r
WHERE d.owner_id IS NULL AND r.target_id = d.id::text;
--> statement-breakpoint
UPDATE documents d SET owner_id = f.owner_id
FROM folders f
WHERE d.owner_id IS NULL AND f.id = d.folder_id AND f.owner_id IS NOT NULL;
--> statement-breakpoint
UPDATE folders f SET owner_id = (
  SELECT u.id FROM users u
  WHERE u.organization_id = f.organization_id
  ORDER BY (u.role = 'OrganizationAdmin') DESC, u.disabled, u.created_at, u.id
  LIMIT 1
)
WHERE f.owner_id IS NULL;
--> statement-breakpoint
UPDATE documents d SET owner_id = (
  SELECT u.id FROM users u
  WHERE u.organization_id = d.organization_id
  ORDER BY (u.role = 'OrganizationAdmin') DESC, u.disabled, u.created_at, u.id
  LIMIT 1
)
WHERE d.owner_id IS NULL;
--> statement-breakpoint
-- 2. Nobody loses what they could open yesterday: every folder and document
--    at the top level of an organization's dossier that existed before this
--    migration is shared with the whole organization as editor (a folder's
--    share covers everything beneath it). Content created from now on is
--    private until its owner shares it; owners may narrow these shares.
INSERT INTO dossier_shares (id, organization_id, entity_type, entity_id, grantee_user_id, role, created_by)
SELECT gen_random_uuid(), f.organization_id, 'folder', f.id, NULL, 'editor', f.owner_id
FROM folders f
WHERE f.parent_id IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO dossier_shares (id, organization_id, entity_type, entity_id, grantee_user_id, role, created_by)
SELECT gen_random_uuid(), d.organization_id, 'document', d.id, NULL, 'editor', d.owner_id
FROM documents d
WHERE d.folder_id IS NULL
ON CONFLICT DO NOTHING;

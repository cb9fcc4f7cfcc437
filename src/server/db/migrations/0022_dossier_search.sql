CREATE TABLE "search_terms" (
	"organization_id" uuid NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_terms_organization_id_term_pk" PRIMARY KEY("organization_id","term")
);
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "embedding_model" text;--> statement-breakpoint
CREATE INDEX "documents_org_folder_name_idx" ON "documents" USING btree ("organization_id","folder_id",(lower("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "documents_org_folder_size_idx" ON "documents" USING btree ("organization_id","folder_id","size","id");--> statement-breakpoint
CREATE INDEX "documents_org_folder_type_idx" ON "documents" USING btree ("organization_id","folder_id",("file_type" collate "C"),"id");--> statement-breakpoint
CREATE INDEX "documents_org_folder_tag_idx" ON "documents" USING btree ("organization_id","folder_id",("primary_tag_name" is null),(lower("primary_tag_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "documents_tags_idx" ON "documents" USING gin ("tags" jsonb_path_ops);--> statement-breakpoint
-- Misspellings (decision 031): pg_trgm where the server has it (PGlite loads it;
-- every PostgreSQL ships it in contrib, but a managed one may refuse it).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
-- The words of the passages already stored.
INSERT INTO search_terms (organization_id, term)
SELECT DISTINCT c.organization_id, w.term
FROM document_chunks c
CROSS JOIN LATERAL regexp_split_to_table(lower(c.content), '[^[:alnum:]]+') AS w(term)
WHERE length(w.term) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A document's primary tag is one of its tags (the tag filter reads tags alone).
UPDATE documents SET tags = tags || jsonb_build_array(primary_tag_name)
WHERE primary_tag_name IS NOT NULL AND NOT tags ? primary_tag_name;

ALTER TABLE "prompts" ADD COLUMN "model_id" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;
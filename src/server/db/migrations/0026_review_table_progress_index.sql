DROP INDEX "review_table_cells_table_status_idx";--> statement-breakpoint
CREATE INDEX "review_table_cells_progress_idx" ON "review_table_cells" USING btree ("table_id","status","edited","filled_at");
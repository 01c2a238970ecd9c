CREATE UNIQUE INDEX "files_path_unique" ON "files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "files_preview_path" ON "files" USING btree ("preview_path");
ALTER TABLE "jobs" ADD COLUMN "unique_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key" ON "jobs" USING btree ("unique_key");
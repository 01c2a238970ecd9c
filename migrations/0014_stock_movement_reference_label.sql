ALTER TABLE "stock_movements" ADD COLUMN "reference_label" text;--> statement-breakpoint
UPDATE "stock_movements" AS m SET "reference_label" = o."order_code" FROM "orders" AS o WHERE m."reference_type" = 'order' AND m."reference_id" = o."id";

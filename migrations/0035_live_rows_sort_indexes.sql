DROP INDEX "products_recent";--> statement-breakpoint
DROP INDEX "products_name";--> statement-breakpoint
DROP INDEX "products_list_price";--> statement-breakpoint
DROP INDEX "orders_recent";--> statement-breakpoint
DROP INDEX "orders_grand_total";--> statement-breakpoint
DROP INDEX "orders_customer_sort";--> statement-breakpoint
CREATE INDEX "products_recent" ON "products" USING btree ("created_at","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_name" ON "products" USING btree ("name","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_list_price" ON "products" USING btree ("list_price","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_recent" ON "orders" USING btree ("created_at","id") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_grand_total" ON "orders" USING btree ("grand_total","id") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_sort" ON "orders" USING btree (lower(trim(coalesce("customer_first_name", '') || ' ' || coalesce("customer_last_name", ''))),"id") WHERE "orders"."deleted_at" is null;
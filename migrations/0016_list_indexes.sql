DROP INDEX "products_created_at";--> statement-breakpoint
DROP INDEX "orders_created_at";--> statement-breakpoint
CREATE INDEX "users_account_status" ON "users" USING btree ("account_status","created_at");--> statement-breakpoint
CREATE INDEX "product_stocks_sku_trgm" ON "product_stocks" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_recent" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_name" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "orders_recent" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status" ON "orders" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_product_recent" ON "stock_movements" USING btree ("product_id","created_at","id");
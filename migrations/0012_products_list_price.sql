ALTER TABLE "products" ADD COLUMN "list_price" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_list_price" ON "products" USING btree ("list_price","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_list_price_of(pid integer, own numeric, variable boolean) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN variable
    THEN coalesce((SELECT min(s.price) FROM product_stocks s WHERE s.product_id = pid), own)
    ELSE own END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_set_list_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_price := products_list_price_of(NEW.id, NEW.price, NEW.is_variable_product);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_price_on_product
BEFORE INSERT OR UPDATE OF price, is_variable_product ON products
FOR EACH ROW EXECUTE FUNCTION products_set_list_price();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_stocks_refresh_list_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products p SET list_price = products_list_price_of(p.id, p.price, p.is_variable_product)
    WHERE p.id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products p SET list_price = products_list_price_of(p.id, p.price, p.is_variable_product)
    WHERE p.id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stocks_list_price
AFTER INSERT OR DELETE OR UPDATE OF price, product_id ON product_stocks
FOR EACH ROW EXECUTE FUNCTION product_stocks_refresh_list_price();
--> statement-breakpoint
UPDATE products p SET list_price = products_list_price_of(p.id, p.price, p.is_variable_product);

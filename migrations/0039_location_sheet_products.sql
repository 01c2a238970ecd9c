CREATE TABLE "location_sheet_products" (
	"store_location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"out_rows" integer DEFAULT 0 NOT NULL,
	"low_rows" integer DEFAULT 0 NOT NULL,
	"in_rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_sheet_products_store_location_id_product_id_pk" PRIMARY KEY("store_location_id","product_id"),
	CONSTRAINT "location_sheet_products_not_negative" CHECK ("location_sheet_products"."out_rows" >= 0 and "location_sheet_products"."low_rows" >= 0 and "location_sheet_products"."in_rows" >= 0)
);
--> statement-breakpoint
ALTER TABLE "location_sheet_products" ADD CONSTRAINT "location_sheet_products_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_sheet_products" ADD CONSTRAINT "location_sheet_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_sheet_products_out" ON "location_sheet_products" USING btree ("store_location_id","product_id") WHERE "location_sheet_products"."out_rows" > 0;--> statement-breakpoint
CREATE INDEX "location_sheet_products_low" ON "location_sheet_products" USING btree ("store_location_id","product_id") WHERE "location_sheet_products"."low_rows" > 0;--> statement-breakpoint
CREATE INDEX "location_sheet_products_listed" ON "location_sheet_products" USING btree ("store_location_id","product_id") WHERE "location_sheet_products"."out_rows" + "location_sheet_products"."low_rows" + "location_sheet_products"."in_rows" > 0;--> statement-breakpoint
-- Per location and product, the number of its location rows in each sheet state (docs/decisions/
-- 0105): the stock sheet at a location counted its products by grouping their rows in a state
-- (26,000 products from 72,000 low rows, 10 ms a request at the large seed); counted here, it reads
-- one index entry per product. Every change of a row's kept state (0036) moves its counts by one:
-- atomic increments on the product's own row here, which every writer of that product's stock
-- reaches after the product's row lock (the stock service's first lock), so no new lock order.
CREATE OR REPLACE FUNCTION location_sheet_products_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sheet_state IS NOT NULL THEN
    UPDATE location_sheet_products SET
      out_rows = out_rows - (OLD.sheet_state = 'out')::integer,
      low_rows = low_rows - (OLD.sheet_state = 'low')::integer,
      in_rows = in_rows - (OLD.sheet_state = 'in')::integer
    WHERE store_location_id = OLD.store_location_id AND product_id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.sheet_state IS NOT NULL THEN
    INSERT INTO location_sheet_products AS counted (store_location_id, product_id, out_rows, low_rows, in_rows)
    VALUES (NEW.store_location_id, NEW.product_id, (NEW.sheet_state = 'out')::integer,
      (NEW.sheet_state = 'low')::integer, (NEW.sheet_state = 'in')::integer)
    ON CONFLICT (store_location_id, product_id) DO UPDATE SET
      out_rows = counted.out_rows + EXCLUDED.out_rows,
      low_rows = counted.low_rows + EXCLUDED.low_rows,
      in_rows = counted.in_rows + EXCLUDED.in_rows;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER location_sheet_products_insert
AFTER INSERT ON location_stocks
FOR EACH ROW WHEN (NEW.sheet_state IS NOT NULL)
EXECUTE FUNCTION location_sheet_products_counted();
--> statement-breakpoint
CREATE TRIGGER location_sheet_products_update
AFTER UPDATE ON location_stocks
FOR EACH ROW WHEN (OLD.sheet_state IS DISTINCT FROM NEW.sheet_state
  OR OLD.store_location_id IS DISTINCT FROM NEW.store_location_id
  OR OLD.product_id IS DISTINCT FROM NEW.product_id)
EXECUTE FUNCTION location_sheet_products_counted();
--> statement-breakpoint
CREATE TRIGGER location_sheet_products_delete
AFTER DELETE ON location_stocks
FOR EACH ROW WHEN (OLD.sheet_state IS NOT NULL)
EXECUTE FUNCTION location_sheet_products_counted();
--> statement-breakpoint
-- The counts from the rows themselves: the backfill below, and the large-shop seed, which fills
-- location rows with these triggers off and counts once at the end.
CREATE OR REPLACE FUNCTION location_sheet_products_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM location_sheet_products;
  INSERT INTO location_sheet_products (store_location_id, product_id, out_rows, low_rows, in_rows)
  SELECT store_location_id, product_id,
    count(*) FILTER (WHERE sheet_state = 'out'),
    count(*) FILTER (WHERE sheet_state = 'low'),
    count(*) FILTER (WHERE sheet_state = 'in')
  FROM location_stocks WHERE sheet_state IS NOT NULL
  GROUP BY store_location_id, product_id;
$$;
--> statement-breakpoint
SELECT location_sheet_products_rebuild();

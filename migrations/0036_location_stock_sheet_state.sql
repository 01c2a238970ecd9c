ALTER TABLE "location_stocks" ADD COLUMN "sheet_state" text;--> statement-breakpoint
-- A location row's state on the stock sheet (docs/decisions/0084): the sheet filtered by a state
-- at a location probed every product of the shop for a row in that state (339 ms at 50,000
-- products, whatever few matched); kept on the row, the rows in a state are read from an index.
-- The state of spec 2 §4 (stockStatus in src/domain/catalogue): out at 0 or less, low up to the
-- product's threshold, else in. Null for the rows the sheet does not list: a deleted product's,
-- a variable product's own row, a simple product's variant rows (decision 0022).
CREATE OR REPLACE FUNCTION location_stock_sheet_state(quantity integer, variant_id integer, product_id integer)
RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p.deleted_at IS NOT NULL OR (variant_id IS NOT NULL) <> p.is_variable_product THEN NULL
    WHEN quantity <= 0 THEN 'out'
    WHEN quantity <= p.low_stock_threshold THEN 'low'
    ELSE 'in'
  END
  FROM products p WHERE p.id = product_id
$$;
--> statement-breakpoint
-- Every write of a location row sets its state: the app never writes the column, and no write can
-- leave it wrong.
CREATE OR REPLACE FUNCTION location_stocks_sheet_state_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.sheet_state := location_stock_sheet_state(NEW.quantity, NEW.variant_id, NEW.product_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER location_stocks_sheet_state
BEFORE INSERT OR UPDATE ON location_stocks
FOR EACH ROW EXECUTE FUNCTION location_stocks_sheet_state_kept();
--> statement-breakpoint
-- What the state reads from the product: its threshold, its kind and its deletion. A change of one
-- of them sets the state of the product's location rows again (a few rows, through the row trigger).
CREATE OR REPLACE FUNCTION products_sheet_state_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE location_stocks SET sheet_state = NULL WHERE location_stocks.product_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_sheet_state
AFTER UPDATE OF low_stock_threshold, is_variable_product, deleted_at ON products
FOR EACH ROW
WHEN (OLD.low_stock_threshold IS DISTINCT FROM NEW.low_stock_threshold
  OR OLD.is_variable_product IS DISTINCT FROM NEW.is_variable_product
  OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
EXECUTE FUNCTION products_sheet_state_changed();
--> statement-breakpoint
UPDATE "location_stocks" SET "sheet_state" = NULL;--> statement-breakpoint
CREATE INDEX "location_stocks_sheet_state" ON "location_stocks" USING btree ("store_location_id","sheet_state","product_id") WHERE "location_stocks"."sheet_state" is not null;

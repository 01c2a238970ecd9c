-- A product's row gets a new version (a new xmin) in every transaction that changes what the shop
-- shows of it, so each process can keep the shop's presentation of a product and know, with one
-- index lookup, whether it still holds (docs/decisions/0097). The product's own columns change its
-- row already; these triggers update the row (to itself) when one of its variants, their colours,
-- attribute values or images, its gallery or its categories change. Attribute names and values and
-- files are shared by many products: changing or deleting one bumps the reference version
-- (migration 0026), as categories, brands and colours already do.
CREATE OR REPLACE FUNCTION product_presentation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_ARGV[0] = 'product_stock_id' THEN
    UPDATE products SET id = id
    WHERE id = (SELECT product_id FROM product_stocks WHERE product_stocks.id = changed.product_stock_id);
  ELSE
    UPDATE products SET id = id WHERE id = changed.product_id;
    -- A variant or link moved to another product changes both.
    IF TG_OP = 'UPDATE' THEN
      IF OLD.product_id IS DISTINCT FROM NEW.product_id THEN
        UPDATE products SET id = id WHERE id = OLD.product_id;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stocks_presentation
AFTER INSERT OR UPDATE OR DELETE ON product_stocks
FOR EACH ROW EXECUTE FUNCTION product_presentation_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_images_presentation
AFTER INSERT OR UPDATE OR DELETE ON product_images
FOR EACH ROW EXECUTE FUNCTION product_presentation_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_presentation
AFTER INSERT OR UPDATE OR DELETE ON product_categories
FOR EACH ROW EXECUTE FUNCTION product_presentation_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_stock_colors_presentation
AFTER INSERT OR UPDATE OR DELETE ON product_stock_colors
FOR EACH ROW EXECUTE FUNCTION product_presentation_changed('product_stock_id');
--> statement-breakpoint
CREATE TRIGGER product_stock_attribute_values_presentation
AFTER INSERT OR UPDATE OR DELETE ON product_stock_attribute_values
FOR EACH ROW EXECUTE FUNCTION product_presentation_changed('product_stock_id');
--> statement-breakpoint
CREATE TRIGGER product_stock_images_presentation
AFTER INSERT OR UPDATE OR DELETE ON product_stock_images
FOR EACH ROW EXECUTE FUNCTION product_presentation_changed('product_stock_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER attributes_reference_version
AFTER UPDATE OR DELETE ON attributes
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER attribute_values_reference_version
AFTER UPDATE OR DELETE ON attribute_values
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER files_reference_version
AFTER UPDATE OR DELETE ON files
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
-- The admin's product form shows the VAT rate and the supplier's name (docs/decisions/0097): VAT
-- rates are reference data, and renaming a user renews the rows of the products they supply
-- (an index lookup on products_supplier; most users supply nothing).
CREATE CONSTRAINT TRIGGER vats_reference_version
AFTER INSERT OR UPDATE OR DELETE ON vats
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION supplier_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET id = id WHERE supplier_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_supplier_name
AFTER UPDATE OF first_name, last_name, company_name, email ON users
FOR EACH ROW
WHEN ((OLD.first_name, OLD.last_name, OLD.company_name, OLD.email)
  IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.company_name, NEW.email))
EXECUTE FUNCTION supplier_renamed();

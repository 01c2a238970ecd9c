-- The storefront's whole listing keeps its total per role in the reference cache (issue 13: a
-- count of every visible product on each listing page was most of its time at 50 000 products):
-- whatever changes who may see a product bumps the version too, its shop visibility included.
DROP TRIGGER IF EXISTS products_reference_version ON products;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_reference_version
AFTER INSERT OR DELETE OR UPDATE OF name, slug, is_active, deleted_at, shop_visibility ON products
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();

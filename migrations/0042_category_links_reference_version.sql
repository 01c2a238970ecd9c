-- The storefront's category pages keep their total per role and category in the reference cache
-- (decision 0110): counting a category's visible products was most of a category page's time at
-- 50 000 products. Who may see a product already bumps the version (migration 0030), and so do the
-- categories themselves (0026); linking a product to a category or unlinking it now does too.
CREATE CONSTRAINT TRIGGER product_categories_reference_version
AFTER INSERT OR UPDATE OR DELETE ON product_categories
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();

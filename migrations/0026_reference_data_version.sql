CREATE TABLE "reference_data_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "reference_data_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Every transaction that writes reference data bumps the version once, at its commit, so the
-- per-process caches (src/server/platform/db/reference-cache.ts, docs/decisions/0064) reload once
-- it commits, whichever process or plain SQL made the change. Deferred like the row counts
-- (decision 0044): the version row is locked only at commit, after every other lock the
-- transaction took, so it cannot take part in a deadlock.
CREATE OR REPLACE FUNCTION reference_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('emporium.reference_data_changed', true) IS DISTINCT FROM 'yes' THEN
    UPDATE reference_data_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('emporium.reference_data_changed', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER settings_reference_version
AFTER INSERT OR UPDATE OR DELETE ON settings
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER currencies_reference_version
AFTER INSERT OR UPDATE OR DELETE ON currencies
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER menu_items_reference_version
AFTER INSERT OR UPDATE OR DELETE ON menu_items
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_reference_version
AFTER INSERT OR UPDATE OR DELETE ON categories
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER brands_reference_version
AFTER INSERT OR UPDATE OR DELETE ON brands
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER colors_reference_version
AFTER INSERT OR UPDATE OR DELETE ON colors
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
-- The menu shows a product's name and links to its slug while it is active and kept: stock and
-- price updates of a product leave the version alone.
CREATE CONSTRAINT TRIGGER products_reference_version
AFTER INSERT OR DELETE OR UPDATE OF name, slug, is_active, deleted_at ON products
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discount_rule_products_reference_version
AFTER INSERT OR UPDATE OR DELETE ON discount_rule_products
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discount_rule_categories_reference_version
AFTER INSERT OR UPDATE OR DELETE ON discount_rule_categories
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discount_rules_reference_version
AFTER INSERT OR DELETE OR UPDATE OF name, description, type, discount_type, discount_value,
  applicable_roles, start_date, end_date, priority, min_quantity, max_usage_per_user, total_usage_limit,
  is_active ON discount_rules
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
-- A rule's use count changes with every order that uses it; the cached rules only need to know
-- when that count reaches (or leaves) the rule's total limit.
CREATE CONSTRAINT TRIGGER discount_rules_limit_reference_version
AFTER UPDATE OF usage_count ON discount_rules
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW
WHEN (NEW.total_usage_limit IS NOT NULL
  AND (OLD.usage_count >= NEW.total_usage_limit) IS DISTINCT FROM (NEW.usage_count >= NEW.total_usage_limit))
EXECUTE FUNCTION reference_data_changed();

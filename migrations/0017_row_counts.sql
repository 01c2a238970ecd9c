CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A kept row (deleted_at null) counts; soft-deleting or restoring moves the count. Deferred to the
-- commit, so the count row is locked only for the instant the transaction commits: writers of the
-- same table queue there and nowhere else, and a rolled-back transaction never touches it.
CREATE OR REPLACE FUNCTION row_counts_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := (NEW.deleted_at IS NULL)::integer;
  ELSIF TG_OP = 'DELETE' THEN
    delta := -(OLD.deleted_at IS NULL)::integer;
  ELSE
    delta := (NEW.deleted_at IS NULL)::integer - (OLD.deleted_at IS NULL)::integer;
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET count = count + delta WHERE name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET count = count + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END
  WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_row_count
AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON products
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_kept();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_row_count
AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_kept();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_row_count
AFTER INSERT OR DELETE ON users
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_all();
--> statement-breakpoint
INSERT INTO row_counts (name, count)
SELECT 'products', count(*) FROM products WHERE deleted_at IS NULL
UNION ALL SELECT 'orders', count(*) FROM orders WHERE deleted_at IS NULL
UNION ALL SELECT 'users', count(*) FROM users;

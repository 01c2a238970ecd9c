ALTER TABLE "row_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every committed change of what the orders list shows, searches, filters or sorts on moves
-- row_counts.changes of 'orders' by one (docs/decisions/0106): a process keeps the list's pages and
-- a search's matches under that number and reads them again once it moves. Deferred to the commit
-- like the count (0017): the row is locked only for the instant the transaction commits, by the
-- same writers that already queue there for the count, and a rolled-back write never moves it. An
-- update that leaves the listed columns as they were (an address, a note) does not move it.
CREATE OR REPLACE FUNCTION orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET changes = changes + 1 WHERE name = 'orders';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_changed
AFTER INSERT OR DELETE ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION orders_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_listed_columns_changed
AFTER UPDATE OF order_code, customer_first_name, customer_last_name, customer_email, delivery_status,
  payment_status, order_from, created_at, deleted_at, grand_total, amount_paid, currency_code,
  currency_symbol ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW
WHEN ((OLD.order_code, OLD.customer_first_name, OLD.customer_last_name, OLD.customer_email,
  OLD.delivery_status, OLD.payment_status, OLD.order_from, OLD.created_at, OLD.deleted_at,
  OLD.grand_total, OLD.amount_paid, OLD.currency_code, OLD.currency_symbol) IS DISTINCT FROM
  (NEW.order_code, NEW.customer_first_name, NEW.customer_last_name, NEW.customer_email,
  NEW.delivery_status, NEW.payment_status, NEW.order_from, NEW.created_at, NEW.deleted_at,
  NEW.grand_total, NEW.amount_paid, NEW.currency_code, NEW.currency_symbol))
EXECUTE FUNCTION orders_changed();
--> statement-breakpoint
-- The list shows each order's number of items.
CREATE CONSTRAINT TRIGGER order_items_changed
AFTER INSERT OR DELETE OR UPDATE OF order_id ON order_items
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION orders_changed();

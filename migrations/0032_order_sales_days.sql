CREATE TABLE "order_sales_days" (
	"day" date NOT NULL,
	"payment_status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_sales_days_day_payment_status_pk" PRIMARY KEY("day","payment_status")
);
--> statement-breakpoint
CREATE TABLE "order_sales_zone" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"zone" text,
	CONSTRAINT "order_sales_zone_one_row" CHECK ("order_sales_zone"."id" = 1)
);
--> statement-breakpoint
-- Not built yet: the app builds it in the shop's time zone at start (ensureOrderSalesDays).
INSERT INTO "order_sales_zone" ("id", "zone") VALUES (1, NULL);
--> statement-breakpoint
-- The dashboard's sales per shop day and payment status (docs/decisions/0080), kept like the row
-- counts (decision 0044): a deferred row trigger, so the day's row is locked only at commit. Each
-- change takes out what the old row counted and adds what the new one counts; the rules are the
-- dashboard's (decision 0065): live, not cancelled or failed, not refunded.
CREATE OR REPLACE FUNCTION order_sales_days_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  SELECT zone INTO z FROM order_sales_zone WHERE id = 1;
  IF z IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE'
    AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at
    AND OLD.payment_status IS NOT DISTINCT FROM NEW.payment_status
    AND OLD.delivery_status IS NOT DISTINCT FROM NEW.delivery_status
    AND OLD.grand_total IS NOT DISTINCT FROM NEW.grand_total
    AND OLD.amount_paid IS NOT DISTINCT FROM NEW.amount_paid
    AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL
    AND OLD.delivery_status NOT IN ('cancelled', 'failed') AND OLD.payment_status <> 'refunded' THEN
    INSERT INTO order_sales_days AS d (day, payment_status, orders, amount, paid, unpaid)
    VALUES ((OLD.created_at AT TIME ZONE z)::date, OLD.payment_status, -1, -OLD.grand_total,
      -least(OLD.amount_paid, OLD.grand_total), -greatest(OLD.grand_total - OLD.amount_paid, 0))
    ON CONFLICT (day, payment_status) DO UPDATE SET orders = d.orders + excluded.orders,
      amount = d.amount + excluded.amount, paid = d.paid + excluded.paid, unpaid = d.unpaid + excluded.unpaid;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL
    AND NEW.delivery_status NOT IN ('cancelled', 'failed') AND NEW.payment_status <> 'refunded' THEN
    INSERT INTO order_sales_days AS d (day, payment_status, orders, amount, paid, unpaid)
    VALUES ((NEW.created_at AT TIME ZONE z)::date, NEW.payment_status, 1, NEW.grand_total,
      least(NEW.amount_paid, NEW.grand_total), greatest(NEW.grand_total - NEW.amount_paid, 0))
    ON CONFLICT (day, payment_status) DO UPDATE SET orders = d.orders + excluded.orders,
      amount = d.amount + excluded.amount, paid = d.paid + excluded.paid, unpaid = d.unpaid + excluded.unpaid;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_sales_days
AFTER INSERT OR DELETE OR UPDATE OF created_at, payment_status, delivery_status, grand_total, amount_paid, deleted_at
ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION order_sales_days_kept();
--> statement-breakpoint
-- Counts every order again in zone z: at start when the shop's zone is not the one kept, when the
-- zone changes, after a bulk load. Writers of orders wait meanwhile, so none is counted twice or
-- missed (a writer already under way commits first, in the old zone, and is then recounted).
CREATE OR REPLACE FUNCTION order_sales_days_rebuild(z text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM order_sales_days;
  BEGIN
    PERFORM now() AT TIME ZONE z;
  EXCEPTION WHEN invalid_parameter_value THEN
    -- A zone PostgreSQL does not know: nothing is kept, and the dashboard reads the orders.
    UPDATE order_sales_zone SET zone = NULL WHERE id = 1;
    RETURN;
  END;
  UPDATE order_sales_zone SET zone = z WHERE id = 1;
  INSERT INTO order_sales_days (day, payment_status, orders, amount, paid, unpaid)
  SELECT (created_at AT TIME ZONE z)::date, payment_status, count(*), sum(grand_total),
    sum(least(amount_paid, grand_total)), sum(greatest(grand_total - amount_paid, 0))
  FROM orders
  WHERE deleted_at IS NULL AND delivery_status NOT IN ('cancelled', 'failed') AND payment_status <> 'refunded'
  GROUP BY 1, 2;
END
$$;

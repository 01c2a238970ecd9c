CREATE TABLE "order_payment_days" (
	"payment_date" date NOT NULL,
	"payment_type" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_payment_days_payment_date_payment_type_pk" PRIMARY KEY("payment_date","payment_type")
);
--> statement-breakpoint
CREATE INDEX "orders_deleted" ON "orders" USING btree ("id") WHERE "orders"."deleted_at" is not null;--> statement-breakpoint
-- The dashboard's payments per date and type (docs/decisions/0080), kept like the sales days: a
-- deferred row trigger takes out what the old row counted and adds what the new one counts.
-- Counted: completed payments, whatever their order; the dashboard takes out deleted orders' own.
CREATE OR REPLACE FUNCTION order_payment_days_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.status IS NOT DISTINCT FROM NEW.status
    AND OLD.amount IS NOT DISTINCT FROM NEW.amount
    AND OLD.payment_type IS NOT DISTINCT FROM NEW.payment_type
    AND OLD.payment_date IS NOT DISTINCT FROM NEW.payment_date THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    INSERT INTO order_payment_days AS d (payment_date, payment_type, payments, amount)
    VALUES (OLD.payment_date, OLD.payment_type, -1, -OLD.amount)
    ON CONFLICT (payment_date, payment_type) DO UPDATE
      SET payments = d.payments + excluded.payments, amount = d.amount + excluded.amount;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    INSERT INTO order_payment_days AS d (payment_date, payment_type, payments, amount)
    VALUES (NEW.payment_date, NEW.payment_type, 1, NEW.amount)
    ON CONFLICT (payment_date, payment_type) DO UPDATE
      SET payments = d.payments + excluded.payments, amount = d.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_payments_days
AFTER INSERT OR DELETE OR UPDATE OF status, amount, payment_type, payment_date ON order_payments
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION order_payment_days_kept();
--> statement-breakpoint
-- Counts every completed payment again: now, and after a bulk load (the large-shop seed).
CREATE OR REPLACE FUNCTION order_payment_days_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE order_payments IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM order_payment_days;
  INSERT INTO order_payment_days (payment_date, payment_type, payments, amount)
  SELECT payment_date, payment_type, count(*), sum(amount)
  FROM order_payments WHERE status = 'completed'
  GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT order_payment_days_rebuild();

-- Every committed change of what the order form's customer search answers moves row_counts.changes
-- of 'users' by one (docs/decisions/0108), as 'orders' moves for the orders list (0106): a process
-- keeps a search's answer under that number and reads it again once it moves. The search shows a
-- customer's names, e-mail, phones, type, company, VAT number, role names and default address, and
-- offers only accounts whose roles are neither back-office roles nor roles with permissions. Deferred
-- to the commit; a rolled-back write never moves it, and an update that leaves those columns as
-- they were (a sign-in, a password) does not either.
--
-- One trigger function moves every change count, the counter's name its argument: the orders'
-- triggers of 0040 are made again on it, and their function of their own is dropped.
CREATE OR REPLACE FUNCTION row_counts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET changes = changes + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER orders_changed ON orders;
--> statement-breakpoint
DROP TRIGGER orders_listed_columns_changed ON orders;
--> statement-breakpoint
DROP TRIGGER order_items_changed ON order_items;
--> statement-breakpoint
DROP FUNCTION orders_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_changed
AFTER INSERT OR DELETE ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('orders');
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
EXECUTE FUNCTION row_counts_changed('orders');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_changed
AFTER INSERT OR DELETE OR UPDATE OF order_id ON order_items
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('orders');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_changed
AFTER INSERT OR DELETE ON users
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('users');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_listed_columns_changed
AFTER UPDATE OF email, first_name, last_name, phone, mobile, user_type, company_name,
  company_registration_number, vat_number ON users
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW
WHEN ((OLD.email, OLD.first_name, OLD.last_name, OLD.phone, OLD.mobile, OLD.user_type,
  OLD.company_name, OLD.company_registration_number, OLD.vat_number) IS DISTINCT FROM
  (NEW.email, NEW.first_name, NEW.last_name, NEW.phone, NEW.mobile, NEW.user_type,
  NEW.company_name, NEW.company_registration_number, NEW.vat_number))
EXECUTE FUNCTION row_counts_changed('users');
--> statement-breakpoint
-- A user's roles: the names the search shows, and whether the account is offered at all.
CREATE CONSTRAINT TRIGGER user_roles_changed
AFTER INSERT OR DELETE OR UPDATE ON user_roles
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('users');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_changed
AFTER INSERT OR DELETE OR UPDATE OF name ON roles
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('users');
--> statement-breakpoint
-- A role that gains its first permission becomes a back-office role: its accounts leave the search.
CREATE CONSTRAINT TRIGGER role_permissions_changed
AFTER INSERT OR DELETE OR UPDATE ON role_permissions
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('users');
--> statement-breakpoint
-- The default address the search shows.
CREATE CONSTRAINT TRIGGER user_addresses_changed
AFTER INSERT OR DELETE OR UPDATE OF user_id, address, is_default ON user_addresses
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION row_counts_changed('users');

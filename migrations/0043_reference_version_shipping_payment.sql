-- The checkout reads its reference data from the process's cache at its session's version
-- (decision 0111): the countries and states a buyer may choose, the shipping methods, the zones
-- with their countries, states and rates, and the payment methods offered. Every write of those
-- tables now bumps the reference version at commit, as settings, currencies and rules do (0026).
CREATE CONSTRAINT TRIGGER countries_reference_version
AFTER INSERT OR UPDATE OR DELETE ON countries
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER states_reference_version
AFTER INSERT OR UPDATE OR DELETE ON states
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_methods_reference_version
AFTER INSERT OR UPDATE OR DELETE ON shipping_methods
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_zones_reference_version
AFTER INSERT OR UPDATE OR DELETE ON shipping_zones
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_zone_countries_reference_version
AFTER INSERT OR UPDATE OR DELETE ON shipping_zone_countries
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_zone_states_reference_version
AFTER INSERT OR UPDATE OR DELETE ON shipping_zone_states
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_zone_rates_reference_version
AFTER INSERT OR UPDATE OR DELETE ON shipping_zone_rates
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_methods_reference_version
AFTER INSERT OR UPDATE OR DELETE ON payment_methods
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION reference_data_changed();

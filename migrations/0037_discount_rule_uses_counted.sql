-- A discount rule's use count follows its recorded uses (docs/decisions/0085): kept by a deferred
-- row trigger like the row counts (decision 0044), so the rule's row is locked only while a
-- transaction commits. Recording a use locked the rule's row for the rest of the checkout (the
-- prices, the stock, the mails), so every order using a store-wide rule waited for the one
-- before it to commit: 34–54 orders/s at most, whatever the number of app processes.
CREATE OR REPLACE FUNCTION discount_rule_uses_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE discount_rules SET usage_count = usage_count + 1 WHERE id = NEW.discount_rule_id;
  ELSE
    UPDATE discount_rules SET usage_count = greatest(usage_count - 1, 0) WHERE id = OLD.discount_rule_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discount_rule_usages_counted
AFTER INSERT OR DELETE ON discount_rule_usages
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION discount_rule_uses_counted();

-- The house cannot pick outcomes (DESIGN.md 0): a recorded tick is never changed, and only ticks past
-- the 7-day retention may be deleted; an order's terms never change, a settled order is final, and no
-- order is deleted. Enforced here too, so no code path, script or mistake can do otherwise.
CREATE OR REPLACE FUNCTION ticks_guard_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.time < now() - interval '7 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'recorded ticks are final (only ticks older than 7 days may be pruned)';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ticks_final
  BEFORE UPDATE OR DELETE ON ticks
  FOR EACH ROW EXECUTE FUNCTION ticks_guard_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_guard_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'orders are never deleted';
  END IF;
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'a settled order is final';
  END IF;
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.symbol IS DISTINCT FROM OLD.symbol
    OR NEW.direction IS DISTINCT FROM OLD.direction OR NEW.amount IS DISTINCT FROM OLD.amount
    OR NEW.fee IS DISTINCT FROM OLD.fee OR NEW.payout_rate_bp IS DISTINCT FROM OLD.payout_rate_bp
    OR NEW.period IS DISTINCT FROM OLD.period OR NEW.accepted_at IS DISTINCT FROM OLD.accepted_at
    OR NEW.end_time IS DISTINCT FROM OLD.end_time OR NEW.request_key IS DISTINCT FROM OLD.request_key THEN
    RAISE EXCEPTION 'the terms of an order never change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_final
  BEFORE UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_guard_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_records_refuse_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is never truncated', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ticks_no_truncate BEFORE TRUNCATE ON ticks
  FOR EACH STATEMENT EXECUTE FUNCTION market_records_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION market_records_refuse_truncate();

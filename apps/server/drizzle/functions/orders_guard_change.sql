-- An order's terms never change, a settled order is final, and no order is deleted (DESIGN.md 0).
-- Trigger function of orders_final (BEFORE UPDATE OR DELETE, migration 0007).
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
    OR NEW.end_time IS DISTINCT FROM OLD.end_time OR NEW.request_key IS DISTINCT FROM OLD.request_key
    OR NEW.account IS DISTINCT FROM OLD.account THEN
    RAISE EXCEPTION 'the terms of an order never change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

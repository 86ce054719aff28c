-- A flexible day row is never deleted, is final once its interest is paid, and its user, day and
-- opening balance never change. Trigger function of flexible_days_final (migration 0009).
CREATE OR REPLACE FUNCTION flexible_days_guard_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'flexible day rows are never deleted';
  END IF;
  IF OLD.accrued_at IS NOT NULL THEN
    RAISE EXCEPTION 'a paid flexible day is final';
  END IF;
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.day IS DISTINCT FROM OLD.day
    OR NEW.opening_balance IS DISTINCT FROM OLD.opening_balance THEN
    RAISE EXCEPTION 'the user, day and opening balance of a flexible day never change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

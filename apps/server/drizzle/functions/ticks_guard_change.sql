-- The house cannot pick outcomes (DESIGN.md 0): a recorded tick is never changed, and only ticks past
-- the 7-day retention may be deleted. Enforced in the database, so no code path, script or mistake
-- can do otherwise. Trigger function of ticks_final (BEFORE UPDATE OR DELETE, migration 0007).
CREATE OR REPLACE FUNCTION ticks_guard_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.time < now() - interval '7 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'recorded ticks are final (only ticks older than 7 days may be pruned)';
END;
$$ LANGUAGE plpgsql;

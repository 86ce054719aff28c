-- A published commitment never changes, and a seed is the one it committed to (issue 13 section 2):
-- no epoch is deleted, its bounds and commitment are final, its seed is written once (the reveal) and
-- must hash to the commitment. Enforced here too, so no code path, script or mistake can re-seed an
-- epoch. Trigger function of fair_epochs_final (BEFORE INSERT OR UPDATE OR DELETE, migration 0021).
CREATE OR REPLACE FUNCTION fair_epochs_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'published epochs are never deleted';
  END IF;
  IF NEW.commitment !~ '^[0-9a-f]{64}$' OR NEW.end_ms <= NEW.start_ms THEN
    RAISE EXCEPTION 'an epoch needs a SHA-256 commitment in lowercase hex and an end after its start';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.start_ms IS DISTINCT FROM OLD.start_ms OR NEW.end_ms IS DISTINCT FROM OLD.end_ms
      OR NEW.commitment IS DISTINCT FROM OLD.commitment OR NEW.published_at IS DISTINCT FROM OLD.published_at THEN
      RAISE EXCEPTION 'a published commitment never changes';
    END IF;
    IF OLD.seed IS NOT NULL AND (NEW.seed IS DISTINCT FROM OLD.seed
      OR NEW.revealed_at IS DISTINCT FROM OLD.revealed_at) THEN
      RAISE EXCEPTION 'a revealed seed never changes';
    END IF;
  END IF;
  IF NEW.seed IS NOT NULL AND (NEW.seed !~ '^[0-9a-f]{64}$'
    OR encode(sha256(decode(NEW.seed, 'hex')), 'hex') <> NEW.commitment) THEN
    RAISE EXCEPTION 'the seed does not hash to the epoch''s commitment';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

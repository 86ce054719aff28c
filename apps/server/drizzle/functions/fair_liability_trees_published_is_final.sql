-- A published proof of liabilities is final: its figures never change and its row is never deleted
-- (its leaves and nodes, in their own tables, are pruned after a while). Trigger made by migration 0018.
CREATE OR REPLACE FUNCTION fair_liability_trees_published_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.published_at IS NOT NULL THEN
      RAISE EXCEPTION 'a published proof of liabilities is never deleted (day %)', OLD.day;
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.published_at IS NOT NULL AND (
    NEW.day IS DISTINCT FROM OLD.day OR NEW.root_hash IS DISTINCT FROM OLD.root_hash
    OR NEW.total IS DISTINCT FROM OLD.total OR NEW.leaves IS DISTINCT FROM OLD.leaves
    OR NEW.ledger_total IS DISTINCT FROM OLD.ledger_total OR NEW.currency IS DISTINCT FROM OLD.currency
    OR NEW.snapshot_at IS DISTINCT FROM OLD.snapshot_at OR NEW.published_at IS DISTINCT FROM OLD.published_at
  ) THEN
    RAISE EXCEPTION 'a published proof of liabilities never changes (day %)', OLD.day;
  END IF;
  RETURN NEW;
END $$;

-- Pruning removes ticks from the start of a symbol's chain only, never from its middle: after any
-- DELETE no kept tick of a symbol is older than one deleted. The first kept tick keeps its
-- prev_hash, so the chain is verifiable from it (issue 13). ticks_guard_change already refuses
-- any delete within the 7-day retention.
CREATE OR REPLACE FUNCTION ticks_prune_from_start() RETURNS trigger AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM (SELECT symbol, max(time) AS newest FROM pruned GROUP BY symbol) p
    WHERE EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = p.symbol AND t.time < p.newest)
  ) THEN
    RAISE EXCEPTION 'ticks are pruned from the start of their chain only';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

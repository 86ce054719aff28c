-- Every recorded tick joins its symbol's hash chain (issue 13, docs/provably-fair.md):
--   prev_hash = the hash of the symbol's newest recorded tick (32 zero bytes for the first),
--   hash      = SHA-256(prev_hash || UTF-8("{symbol}|{timeMs}|{priceE8}")).
-- Computed here, whatever the writer passed, so that every source and every process chains alike.
-- One writer per symbol at a time (a transaction lock), so two writers never chain from the same
-- head: the chain cannot fork. A tick older than the head is refused: the chain, like settlement,
-- only moves forward in time. (A tick at the head's own time fails on the primary key.)
CREATE OR REPLACE FUNCTION ticks_chain() RETURNS trigger AS $$
DECLARE
  head_time timestamptz;
  head_hash bytea;
BEGIN
  IF NEW.price <= 0 THEN
    RAISE EXCEPTION 'a tick price is positive (got % for %)', NEW.price, NEW.symbol;
  END IF;
  PERFORM pg_advisory_xact_lock(7262301, hashtext(NEW.symbol));
  SELECT t.time, t.hash INTO head_time, head_hash
    FROM ticks t WHERE t.symbol = NEW.symbol ORDER BY t.time DESC LIMIT 1;
  IF head_time IS NOT NULL AND NEW.time < head_time THEN
    RAISE EXCEPTION 'a tick of % at % is older than its chain head at %', NEW.symbol, NEW.time, head_time;
  END IF;
  NEW.prev_hash := coalesce(head_hash, decode(repeat('00', 32), 'hex'));
  NEW.hash := sha256(NEW.prev_hash || convert_to(
    NEW.symbol || '|' || floor(extract(epoch FROM NEW.time) * 1000)::bigint::text || '|' || NEW.price::text,
    'UTF8'));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

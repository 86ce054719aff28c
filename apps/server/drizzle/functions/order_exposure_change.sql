-- Changes the open stake of product sides (table order_exposure): `p_buckets`
-- [{ symbol, direction, account, amount, max }], amount added (negative: taken off), `max` null or
-- the most the open stake may become. The rows are updated one by one in key order, so two callers
-- never wait on each other in a circle; every caller takes them last, after its ledger accounts
-- (order placement, orders/order-placer.ts; settlement, orders/exposure.ts). A bucket whose row is
-- missing, or whose open stake would pass its max, is not changed and counts in the answer (the
-- number of such buckets); the caller then rolls its transaction back.
CREATE OR REPLACE FUNCTION order_exposure_change(p_buckets jsonb)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_bucket record;
  v_refused integer := 0;
BEGIN
  FOR v_bucket IN
    SELECT b.symbol, b.direction, b.account, b.amount, b.max
    FROM jsonb_to_recordset(p_buckets) AS b(symbol text, direction text, account text, amount bigint, max bigint)
    ORDER BY b.symbol, b.direction, b.account
  LOOP
    UPDATE order_exposure e SET open_amount = e.open_amount + v_bucket.amount
    WHERE e.symbol = v_bucket.symbol AND e.direction = v_bucket.direction AND e.account = v_bucket.account
      AND (v_bucket.max IS NULL OR e.open_amount + v_bucket.amount <= v_bucket.max);
    IF NOT FOUND THEN
      v_refused := v_refused + 1;
    END IF;
  END LOOP;
  RETURN v_refused;
END;
$$;

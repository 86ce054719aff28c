-- order/create in one round trip (DESIGN.md 6.4): everything that must hold when an order is placed is
-- checked and written in one statement, under the user's lock, so the accounts and the user's orders
-- are held for that statement only. The orders service (orders.service.ts) is its only caller; it
-- checks the stake against the product's rules and has the ledger service build the stake journal,
-- which is posted here by ledger_post (0003) with the order's id as its reference.
--
-- Answers one row: outcome 'placed' (the new order), 'replay' (the order placed earlier with this
-- request key) or 'stored' (an earlier refusal stored under this key, or another call's key: the
-- caller compares the request hash). Refusals raise, and nothing is written:
--   OP001 the product is disabled or its rules changed since the caller read them
--   OP002 no tick recorded since p_fresh_since (the market is stale)
--   OP003 the user's open orders, counting this one, exceed p_max_open_orders
--   OP004 the open stake on this product and direction, counting this one, exceeds p_max_exposure
--   LB001 (from ledger_post) available is short of stake + fee
CREATE OR REPLACE FUNCTION order_place(
  p_user_id bigint,
  p_request_key text,
  p_request_hash text,
  p_symbol text,
  p_rules_updated_at timestamptz,
  p_direction text,
  p_amount bigint,
  p_fee bigint,
  p_payout_rate_bp integer,
  p_period integer,
  p_accepted_at timestamptz,
  p_fresh_since timestamptz,
  p_max_open_orders integer,
  p_max_exposure bigint,
  p_journal jsonb,
  p_balance_account_key text,
  OUT outcome text,
  OUT placed orders,
  OUT stored_hash text,
  OUT stored_status integer,
  OUT stored_body text
)
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_open integer;
  v_exposure bigint;
  v_is_replay boolean;
  v_balance bigint;
BEGIN
  -- One user's orders are placed one at a time: the open-order limit and a repeated key hold.
  PERFORM pg_advisory_xact_lock(7262400, (p_user_id % 2147483647)::integer);

  SELECT o.* INTO placed FROM orders o WHERE o.user_id = p_user_id AND o.request_key = p_request_key;
  IF FOUND THEN
    outcome := 'replay';
    RETURN;
  END IF;
  IF p_request_hash IS NOT NULL THEN
    SELECT k.request_hash, k.response_status, k.response_body INTO stored_hash, stored_status, stored_body
    FROM idempotency_keys k
    WHERE k.user_id = p_user_id AND k.key = p_request_key AND k.created_at > now() - interval '24 hours';
    IF FOUND THEN
      outcome := 'stored';
      RETURN;
    END IF;
  END IF;

  -- Compared to the millisecond: the caller's copy came through a JavaScript Date.
  PERFORM 1 FROM products p
  WHERE p.symbol = p_symbol AND p.enabled AND date_trunc('milliseconds', p.updated_at) = p_rules_updated_at;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'product % is disabled or its rules changed', p_symbol USING ERRCODE = 'OP001';
  END IF;
  PERFORM 1 FROM ticks t WHERE t.symbol = p_symbol AND t.time >= p_fresh_since;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no tick of % since %', p_symbol, p_fresh_since USING ERRCODE = 'OP002';
  END IF;

  SELECT count(*) INTO v_open FROM orders o WHERE o.user_id = p_user_id AND o.status = 'open';
  IF v_open + 1 > p_max_open_orders THEN
    RAISE EXCEPTION 'open order limit' USING ERRCODE = 'OP003';
  END IF;
  SELECT coalesce(sum(o.amount), 0) INTO v_exposure
  FROM orders o WHERE o.symbol = p_symbol AND o.direction = p_direction AND o.status = 'open';
  IF v_exposure + p_amount > p_max_exposure THEN
    RAISE EXCEPTION 'exposure limit' USING ERRCODE = 'OP004';
  END IF;

  -- The journal references the order, so its id comes first; the row goes in with the balance after.
  v_id := nextval(pg_get_serial_sequence('orders', 'id'));
  SELECT l.is_replay INTO v_is_replay
  FROM ledger_post(p_journal->>'kind', 'order', v_id::text, p_journal->>'idempotency_key', NULL, NULL,
                   p_journal->'postings') AS l;
  IF v_is_replay THEN
    -- The journal's key is the request's: posted before means an order was placed with this key.
    RAISE EXCEPTION 'stake journal % posted before without its order', p_journal->>'idempotency_key';
  END IF;
  SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.key = p_balance_account_key;

  INSERT INTO orders (id, user_id, symbol, direction, amount, fee, payout_rate_bp, period, accepted_at, end_time,
                      balance_after, request_key)
  OVERRIDING SYSTEM VALUE
  VALUES (v_id, p_user_id, p_symbol, p_direction, p_amount, p_fee, p_payout_rate_bp, p_period, p_accepted_at,
          p_accepted_at + make_interval(secs => p_period), v_balance, p_request_key)
  RETURNING * INTO placed;
  outcome := 'placed';
END;
$$;
--> statement-breakpoint
-- The open-order count above reads only the user's open orders, however long their history.
CREATE INDEX IF NOT EXISTS "orders_open_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'open';
--> statement-breakpoint
-- Room on each page for the entry tick written a moment after the insert: that update then stays on
-- the page (HOT) instead of adding a new entry to each of the table's six indexes.
ALTER TABLE "orders" SET (fillfactor = 80);

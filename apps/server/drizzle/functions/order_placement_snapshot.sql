-- What order/create decides a batch on (orders/placement-decision.ts), read under the batch's locks
-- in one statement; placing.ts writes the decision in the same transaction. `p_requests`, one per
-- order, at most one per user: { user_id, request_key, request_hash, symbol, direction, account, available_key, accounts }
-- (`account`: 'real' or 'practice', issue 14; absent reads as real. Practice orders have their own
-- exposure rows and open-order count.)
-- where `accounts` are the ledger accounts its stake journal would post to (built by the ledger
-- service). Locks, always in this order (as settlement takes them: ledger accounts, then exposure
-- rows): each user's advisory lock in user order, the ledger accounts in id order
-- (ledger_lock_accounts), and only with `p_lock_exposure` the exposure rows in key order. Without it
-- the exposure is read as committed, and the write adds to it with a guard
-- (order_exposure_change): another batch may be placing on the same products at the same time, and
-- a guard that fails sends the batch again with the rows locked here. The exposure rows must exist
-- (order-placer.ts creates them, committed, before a batch on a new product side).
-- Answers one row per request, in the requests' order (ord from 1).
CREATE OR REPLACE FUNCTION order_placement_snapshot(p_requests jsonb, p_fresh_since timestamptz, p_lock_exposure boolean)
RETURNS TABLE (
  ord integer, replay orders, stored_hash text, stored_status integer, stored_body text,
  product_enabled boolean, product_name_i18n jsonb, price_precision integer, fee_rate_bp integer, periods jsonb,
  is_fresh boolean, open_count integer, available bigint, exposure bigint
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_user bigint;
  v_balances jsonb;
BEGIN
  -- One user's orders are placed one at a time: the open-order limit and a repeated key hold.
  FOR v_user IN
    SELECT DISTINCT (r.doc->>'user_id')::bigint FROM jsonb_array_elements(p_requests) AS r(doc) ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(7262400, (v_user % 2147483647)::integer);
  END LOOP;

  -- Every account the stakes would post to, locked by the ledger; their balances cannot move now.
  SELECT jsonb_object_agg(l.key, l.balance::text) INTO v_balances
  FROM ledger_lock_accounts(
    (SELECT jsonb_agg(a.doc) FROM jsonb_array_elements(p_requests) AS r(doc)
     CROSS JOIN LATERAL jsonb_array_elements(r.doc->'accounts') AS a(doc))) AS l;

  IF p_lock_exposure THEN
    PERFORM 1 FROM order_exposure e
    WHERE (e.symbol, e.direction, e.account) IN (
      SELECT r.doc->>'symbol', r.doc->>'direction', coalesce(r.doc->>'account', 'real') FROM jsonb_array_elements(p_requests) AS r(doc))
    ORDER BY e.symbol, e.direction, e.account
    FOR UPDATE;
  END IF;

  RETURN QUERY
    SELECT r.ord::integer,
      (SELECT o FROM orders o WHERE o.user_id = (r.doc->>'user_id')::bigint AND o.request_key = r.doc->>'request_key'),
      k.request_hash, k.response_status, k.response_body,
      p.enabled, p.name_i18n, p.price_precision, p.fee_rate_bp, p.periods,
      EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = r.doc->>'symbol' AND t.time >= p_fresh_since),
      -- Open orders: placed − closed (order_tallies), two key lookups instead of counting the rows.
      (coalesce((SELECT c.n FROM order_tallies c WHERE c.user_id = (r.doc->>'user_id')::bigint
          AND c.account = coalesce(r.doc->>'account', 'real') AND c.kind = 'placed'), 0)
       - coalesce((SELECT c.n FROM order_tallies c WHERE c.user_id = (r.doc->>'user_id')::bigint
          AND c.account = coalesce(r.doc->>'account', 'real') AND c.kind = 'closed'), 0))::integer,
      coalesce((v_balances->>(r.doc->>'available_key'))::bigint, 0),
      e.open_amount
    FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(doc, ord)
    LEFT JOIN products p ON p.symbol = r.doc->>'symbol'
    LEFT JOIN order_exposure e ON e.symbol = r.doc->>'symbol' AND e.direction = r.doc->>'direction'
      AND e.account = coalesce(r.doc->>'account', 'real')
    LEFT JOIN idempotency_keys k
      ON r.doc->>'request_hash' IS NOT NULL AND k.user_id = (r.doc->>'user_id')::bigint
         AND k.key = r.doc->>'request_key' AND k.created_at > now() - interval '24 hours'
    ORDER BY r.ord;
END;
$$;

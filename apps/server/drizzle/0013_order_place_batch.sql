-- order/create in batches (DESIGN.md 6.4): the orders that arrive while the previous batch is in the
-- database are placed together, in one transaction of a dozen set-based statements, instead of a
-- transaction of some twenty statements each. The rules of 0012's order_place are kept, order by
-- order; order_place goes. The orders service (order-placer.ts) is the only caller.

-- The open stake per product and direction, kept with the orders: placing adds, settling (and
-- voiding) subtracts, in the same transaction. The exposure limit reads one locked row instead of
-- summing every open order, and two orders on one side can no longer both pass a limit that only
-- one of them fits under.
CREATE TABLE "order_exposure" (
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"open_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_exposure_pk" PRIMARY KEY("symbol","direction"),
	CONSTRAINT "order_exposure_not_negative" CHECK ("order_exposure"."open_amount" >= 0)
);
--> statement-breakpoint
INSERT INTO "order_exposure" ("symbol", "direction", "open_amount")
SELECT "symbol", "direction", sum("amount") FROM "orders" WHERE "status" = 'open' GROUP BY 1, 2;
--> statement-breakpoint
-- Only the exposure sum read this index.
DROP INDEX IF EXISTS "orders_open_symbol_idx";
--> statement-breakpoint
DROP FUNCTION IF EXISTS order_place(bigint, text, text, text, timestamptz, text, bigint, bigint, integer, integer,
  timestamptz, timestamptz, integer, bigint, jsonb, text);
--> statement-breakpoint
-- One order as the service sends it. `journal` is the stake journal the ledger service built and
-- checked ({ kind, idempotency_key, postings }); `available_key` is the ledger account it draws on.
CREATE TYPE order_request AS (
  user_id bigint,
  request_key text,
  request_hash text,
  symbol text,
  rules_updated_at timestamptz,
  direction text,
  amount bigint,
  fee bigint,
  payout_rate_bp integer,
  period integer,
  max_open_orders integer,
  max_exposure bigint,
  journal jsonb,
  available_key text
);
--> statement-breakpoint
-- Places a batch of orders, each as if alone, in the batch's order; a user has at most one order in a
-- batch. All are accepted at p_accepted_at. Answers one row per order (ord counts from 1):
--   'placed'  the new order
--   'replay'  the order placed earlier with this request key
--   'stored'  an answer stored under this key (the caller compares the request hash)
--   a refusal, and nothing is written for that order:
--     OP001 the product is disabled or its rules changed since the caller read them
--     OP002 no tick recorded since p_fresh_since (the market is stale)
--     OP003 the user's open orders, counting this one, would exceed max_open_orders
--     OP004 the open stake on this product and direction, counting this one, would exceed max_exposure
--     LB001 available is short of stake + fee
-- Locks, always in this order (as settlement: exposure rows, then accounts in id order): each user's
-- advisory lock in user order, the exposure rows in key order, the ledger accounts in id order.
CREATE OR REPLACE FUNCTION order_place_batch(
  p_orders jsonb,
  p_accepted_at timestamptz,
  p_fresh_since timestamptz
)
RETURNS TABLE (ord integer, outcome text, placed orders, stored_hash text, stored_status integer, stored_body text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_req order_request[];
  v_n integer;
  v_user bigint;
  v_replay orders[];
  v_stored_found boolean[];
  v_stored_hash text[];
  v_stored_status integer[];
  v_stored_body text[];
  v_rules_ok boolean[];
  v_fresh boolean[];
  v_open integer[];
  v_balance bigint[];
  v_buckets text[];
  v_exposure bigint[];
  v_bucket integer;
  v_outcome text[];
  v_ids bigint[];
  v_journals jsonb;
  v_replayed integer;
  v_placed orders[];
  r order_request;
BEGIN
  SELECT array_agg(jsonb_populate_record(NULL::order_request, x.e) ORDER BY x.i) INTO v_req
  FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(e, i);
  v_n := coalesce(cardinality(v_req), 0);
  IF v_n = 0 THEN
    RETURN;
  END IF;
  IF (SELECT count(DISTINCT u.user_id) FROM unnest(v_req) u) <> v_n THEN
    RAISE EXCEPTION 'order_place_batch: a user has two orders in one batch';
  END IF;

  -- One user's orders are placed one at a time: the open-order limit and a repeated key hold.
  FOR v_user IN SELECT u.user_id FROM unnest(v_req) u ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7262400, (v_user % 2147483647)::integer);
  END LOOP;

  -- The exposure rows of the batch, created when new, locked in key order.
  INSERT INTO order_exposure (symbol, direction)
  SELECT DISTINCT u.symbol, u.direction FROM unnest(v_req) u ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  SELECT array_agg(s.symbol || ' ' || s.direction ORDER BY s.symbol, s.direction),
         array_agg(s.open_amount ORDER BY s.symbol, s.direction)
  INTO v_buckets, v_exposure
  FROM (
    SELECT e.symbol, e.direction, e.open_amount FROM order_exposure e
    WHERE (e.symbol, e.direction) IN (SELECT u.symbol, u.direction FROM unnest(v_req) u)
    ORDER BY e.symbol, e.direction
    FOR UPDATE
  ) s;

  -- Every ledger account the stakes would touch, created when new, locked in id order (ledger_post_batch
  -- below takes the same locks again), so the balances read next cannot move.
  INSERT INTO ledger_accounts (key, user_id, kind, currency)
  SELECT DISTINCT ON (p.doc->>'key') p.doc->>'key', (p.doc->>'user_id')::bigint, p.doc->>'kind', p.doc->>'currency'
  FROM unnest(v_req) u CROSS JOIN LATERAL jsonb_array_elements(u.journal->'postings') AS p(doc)
  ORDER BY p.doc->>'key'
  ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM ledger_accounts a
  WHERE a.key IN (SELECT p.doc->>'key' FROM unnest(v_req) u CROSS JOIN LATERAL jsonb_array_elements(u.journal->'postings') AS p(doc))
  ORDER BY a.id
  FOR UPDATE OF a;

  -- What each order is checked against, read once for the batch.
  SELECT array_agg(f.replay ORDER BY f.i), array_agg(f.stored_found ORDER BY f.i),
         array_agg(f.stored_hash ORDER BY f.i), array_agg(f.stored_status ORDER BY f.i),
         array_agg(f.stored_body ORDER BY f.i), array_agg(f.rules_ok ORDER BY f.i),
         array_agg(f.fresh ORDER BY f.i), array_agg(f.open_count ORDER BY f.i), array_agg(f.balance ORDER BY f.i)
  INTO v_replay, v_stored_found, v_stored_hash, v_stored_status, v_stored_body, v_rules_ok, v_fresh, v_open, v_balance
  FROM (
    SELECT u.ordinality AS i,
      (SELECT o FROM orders o WHERE o.user_id = u.user_id AND o.request_key = u.request_key) AS replay,
      k.request_hash IS NOT NULL AS stored_found, k.request_hash AS stored_hash,
      k.response_status AS stored_status, k.response_body AS stored_body,
      EXISTS (SELECT 1 FROM products p WHERE p.symbol = u.symbol AND p.enabled
              AND date_trunc('milliseconds', p.updated_at) = u.rules_updated_at) AS rules_ok,
      EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = u.symbol AND t.time >= p_fresh_since) AS fresh,
      (SELECT count(*)::integer FROM orders o WHERE o.user_id = u.user_id AND o.status = 'open') AS open_count,
      (SELECT a.balance FROM ledger_accounts a WHERE a.key = u.available_key) AS balance
    FROM unnest(v_req) WITH ORDINALITY AS u
    LEFT JOIN idempotency_keys k
      ON u.request_hash IS NOT NULL AND k.user_id = u.user_id AND k.key = u.request_key
         AND k.created_at > now() - interval '24 hours'
  ) f;

  -- Each order decided in turn, as order_place did alone; the batch's own orders count on the exposure.
  v_outcome := array_fill(NULL::text, ARRAY[v_n]);
  v_ids := array_fill(NULL::bigint, ARRAY[v_n]);
  FOR i IN 1..v_n LOOP
    r := v_req[i];
    v_bucket := array_position(v_buckets, r.symbol || ' ' || r.direction);
    IF (v_replay[i]).id IS NOT NULL THEN
      v_outcome[i] := 'replay';
    ELSIF v_stored_found[i] THEN
      v_outcome[i] := 'stored';
    ELSIF NOT v_rules_ok[i] THEN
      v_outcome[i] := 'OP001';
    ELSIF NOT v_fresh[i] THEN
      v_outcome[i] := 'OP002';
    ELSIF v_open[i] + 1 > r.max_open_orders THEN
      v_outcome[i] := 'OP003';
    ELSIF v_exposure[v_bucket] + r.amount > r.max_exposure THEN
      v_outcome[i] := 'OP004';
    ELSIF coalesce(v_balance[i], 0) < r.amount + r.fee THEN
      v_outcome[i] := 'LB001';
    ELSE
      v_outcome[i] := 'placed';
      v_exposure[v_bucket] := v_exposure[v_bucket] + r.amount;
      v_ids[i] := nextval(pg_get_serial_sequence('orders', 'id'));
    END IF;
  END LOOP;

  -- The stake journals of the placed orders, each referencing its order.
  SELECT jsonb_agg(jsonb_build_object(
           'kind', u.journal->>'kind', 'reference_type', 'order', 'reference_id', v_ids[u.ordinality]::text,
           'idempotency_key', u.journal->>'idempotency_key', 'memo', NULL, 'admin_id', NULL,
           'postings', u.journal->'postings') ORDER BY u.ordinality)
  INTO v_journals
  FROM unnest(v_req) WITH ORDINALITY AS u
  WHERE v_outcome[u.ordinality] = 'placed';

  IF v_journals IS NOT NULL THEN
    -- The journals' keys are the requests': posted before means an order was placed with one of them.
    SELECT count(*) FILTER (WHERE l.is_replay) INTO v_replayed FROM ledger_post_batch(v_journals) l;
    IF v_replayed > 0 THEN
      RAISE EXCEPTION 'order_place_batch: a stake journal was posted before without its order';
    END IF;

    WITH inserted AS (
      INSERT INTO orders (id, user_id, symbol, direction, amount, fee, payout_rate_bp, period, accepted_at, end_time,
                          balance_after, request_key)
      OVERRIDING SYSTEM VALUE
      SELECT v_ids[u.ordinality], u.user_id, u.symbol, u.direction, u.amount, u.fee, u.payout_rate_bp, u.period,
             p_accepted_at, p_accepted_at + make_interval(secs => u.period),
             v_balance[u.ordinality] - u.amount - u.fee, u.request_key
      FROM unnest(v_req) WITH ORDINALITY AS u
      WHERE v_outcome[u.ordinality] = 'placed'
      ORDER BY u.ordinality
      RETURNING *
    )
    SELECT array_agg(n ORDER BY n.id) INTO v_placed FROM inserted n;

    UPDATE order_exposure e SET open_amount = e.open_amount + d.amount
    FROM (
      SELECT u.symbol, u.direction, sum(u.amount) AS amount
      FROM unnest(v_req) WITH ORDINALITY AS u
      WHERE v_outcome[u.ordinality] = 'placed'
      GROUP BY 1, 2
    ) d
    WHERE e.symbol = d.symbol AND e.direction = d.direction;
  END IF;

  RETURN QUERY
    SELECT i, v_outcome[i],
           CASE v_outcome[i] WHEN 'replay' THEN v_replay[i] WHEN 'placed' THEN n END,
           v_stored_hash[i], v_stored_status[i], v_stored_body[i]
    FROM generate_subscripts(v_req, 1) AS i
    LEFT JOIN unnest(v_placed) AS n ON n.id = v_ids[i]
    ORDER BY i;
END;
$$;

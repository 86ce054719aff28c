-- Posts many journals in one round trip, by the rules of ledger_post (0003), for callers that move
-- money in batches (order settlement). Journal rows go in first, in idempotency-key order, so two
-- batches sharing keys queue instead of deadlocking; a key posted before (in an earlier call or by
-- a concurrent one) is a replay and moves nothing. Missing accounts are created in key order, then
-- every account the batch touches is locked once, in id order. Postings apply in the batch's order
-- with the balance after each; if any user account would go below zero at any point, the whole
-- batch is refused (LB001) and nothing moves. The ledger service (ledger.service.ts) is its only caller.
CREATE OR REPLACE FUNCTION ledger_post_batch(p_journals jsonb)
RETURNS TABLE (idempotency_key text, journal_id bigint, is_replay boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bad text;
  v_new_keys text[];
  v_new_ids bigint[];
  v_journal_ids bigint[];
  v_account_ids bigint[];
  v_user_ids bigint[];
  v_amounts bigint[];
  v_balances bigint[];
  v_is_negative boolean;
BEGIN
  SELECT j.doc->>'idempotency_key' INTO v_bad
  FROM jsonb_array_elements(p_journals) AS j(doc)
  WHERE (SELECT count(*) < 2 OR coalesce(sum((p.doc->>'amount')::numeric), 0) <> 0
         FROM jsonb_array_elements(j.doc->'postings') AS p(doc))
  LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal % does not balance or has fewer than two postings', v_bad;
  END IF;

  WITH inserted AS (
    INSERT INTO ledger_journals (kind, reference_type, reference_id, idempotency_key, memo, admin_id)
    SELECT j.doc->>'kind', j.doc->>'reference_type', j.doc->>'reference_id', j.doc->>'idempotency_key',
           j.doc->>'memo', (j.doc->>'admin_id')::bigint
    FROM jsonb_array_elements(p_journals) AS j(doc)
    ORDER BY j.doc->>'idempotency_key'
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT coalesce(array_agg(i.idempotency_key), '{}'), coalesce(array_agg(i.id), '{}')
  INTO v_new_keys, v_new_ids FROM inserted i;

  IF cardinality(v_new_keys) > 0 THEN
    -- Create missing accounts first, so the lock below covers them and a new account cannot be raced.
    INSERT INTO ledger_accounts (key, user_id, kind, currency)
    SELECT DISTINCT ON (p.doc->>'key') p.doc->>'key', (p.doc->>'user_id')::bigint, p.doc->>'kind', p.doc->>'currency'
    FROM jsonb_array_elements(p_journals) AS j(doc)
    JOIN unnest(v_new_keys) AS n(key) ON n.key = j.doc->>'idempotency_key'
    CROSS JOIN LATERAL jsonb_array_elements(j.doc->'postings') AS p(doc)
    ORDER BY p.doc->>'key'
    ON CONFLICT (key) DO NOTHING;

    PERFORM 1 FROM ledger_accounts a
    WHERE a.key IN (
      SELECT p.doc->>'key'
      FROM jsonb_array_elements(p_journals) AS j(doc)
      JOIN unnest(v_new_keys) AS n(key) ON n.key = j.doc->>'idempotency_key'
      CROSS JOIN LATERAL jsonb_array_elements(j.doc->'postings') AS p(doc))
    ORDER BY a.id
    FOR UPDATE OF a;

    -- Each posting's balance after: the locked balance plus the running sum of the batch's postings
    -- to that account, in batch order (a journal names an account at most once).
    WITH p AS (
      SELECT n.id AS journal_id, j.ord AS jord, p.ord AS pord, p.doc->>'key' AS key,
             (p.doc->>'amount')::bigint AS amount
      FROM jsonb_array_elements(p_journals) WITH ORDINALITY AS j(doc, ord)
      JOIN unnest(v_new_keys, v_new_ids) AS n(key, id) ON n.key = j.doc->>'idempotency_key'
      CROSS JOIN LATERAL jsonb_array_elements(j.doc->'postings') WITH ORDINALITY AS p(doc, ord)
    ), r AS (
      SELECT p.journal_id, p.jord, p.pord, a.id AS account_id, a.user_id, p.amount,
             a.balance + sum(p.amount) OVER (PARTITION BY a.id ORDER BY p.jord) AS balance_after
      FROM p JOIN ledger_accounts a ON a.key = p.key
    )
    SELECT array_agg(r.journal_id ORDER BY r.jord, r.pord), array_agg(r.account_id ORDER BY r.jord, r.pord),
           array_agg(r.user_id ORDER BY r.jord, r.pord), array_agg(r.amount ORDER BY r.jord, r.pord),
           array_agg(r.balance_after ORDER BY r.jord, r.pord),
           coalesce(bool_or(r.user_id IS NOT NULL AND r.balance_after < 0), false)
    INTO v_journal_ids, v_account_ids, v_user_ids, v_amounts, v_balances, v_is_negative
    FROM r;
    IF v_is_negative THEN
      RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'LB001';
    END IF;

    INSERT INTO ledger_postings (journal_id, account_id, user_id, amount, balance_after)
    SELECT u.journal_id, u.account_id, u.user_id, u.amount, u.balance_after
    FROM unnest(v_journal_ids, v_account_ids, v_user_ids, v_amounts, v_balances) WITH ORDINALITY
      AS u(journal_id, account_id, user_id, amount, balance_after, ord)
    ORDER BY u.ord;

    UPDATE ledger_accounts a SET balance = f.balance
    FROM (
      SELECT DISTINCT ON (u.account_id) u.account_id, u.balance
      FROM unnest(v_account_ids, v_balances) WITH ORDINALITY AS u(account_id, balance, ord)
      ORDER BY u.account_id, u.ord DESC
    ) f
    WHERE a.id = f.account_id;
  END IF;

  RETURN QUERY
    SELECT j.doc->>'idempotency_key', coalesce(n.id, lj.id), n.id IS NULL
    FROM jsonb_array_elements(p_journals) WITH ORDINALITY AS j(doc, ord)
    LEFT JOIN unnest(v_new_keys, v_new_ids) AS n(key, id) ON n.key = j.doc->>'idempotency_key'
    LEFT JOIN ledger_journals lj ON n.id IS NULL AND lj.idempotency_key = j.doc->>'idempotency_key'
    ORDER BY j.ord;
END;
$$;

-- Posts one journal in one round trip (DESIGN.md 5): the idempotency key first, then missing
-- accounts are created, every touched account is locked in id order (SELECT ... FOR UPDATE), user
-- accounts are checked never to go below zero, balances move and postings keep the balance after.
-- The ledger service (ledger.service.ts) is its only caller; it checks the same rules before calling.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_reference_type text,
  p_reference_id text,
  p_idempotency_key text,
  p_memo text,
  p_admin_id bigint,
  p_postings jsonb
) RETURNS TABLE (journal_id bigint, is_replay boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_journal_id bigint;
  v_row record;
  v_count int;
  v_sum numeric;
BEGIN
  SELECT count(*), coalesce(sum((p->>'amount')::numeric), 0) INTO v_count, v_sum FROM jsonb_array_elements(p_postings) p;
  IF v_count < 2 OR v_sum <> 0 THEN
    RAISE EXCEPTION 'journal % does not balance or has fewer than two postings', p_idempotency_key;
  END IF;

  INSERT INTO ledger_journals (kind, reference_type, reference_id, idempotency_key, memo, admin_id)
  VALUES (p_kind, p_reference_type, p_reference_id, p_idempotency_key, p_memo, p_admin_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_journal_id;
  IF v_journal_id IS NULL THEN
    SELECT j.id INTO v_journal_id FROM ledger_journals j WHERE j.idempotency_key = p_idempotency_key;
    RETURN QUERY SELECT v_journal_id, true;
    RETURN;
  END IF;

  -- Create missing accounts first, so the lock below covers them and a new account cannot be raced.
  INSERT INTO ledger_accounts (key, user_id, kind, currency)
  SELECT x.key, x.user_id, x.kind, x.currency
  FROM jsonb_to_recordset(p_postings) AS x(key text, user_id bigint, kind text, currency text, amount bigint)
  ON CONFLICT (key) DO NOTHING;

  FOR v_row IN
    SELECT a.id, a.user_id, a.balance, x.amount
    FROM ledger_accounts a
    JOIN jsonb_to_recordset(p_postings) AS x(key text, user_id bigint, kind text, currency text, amount bigint)
      ON x.key = a.key
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    IF v_row.user_id IS NOT NULL AND v_row.balance + v_row.amount < 0 THEN
      RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'LB001';
    END IF;
    UPDATE ledger_accounts SET balance = v_row.balance + v_row.amount WHERE id = v_row.id;
    INSERT INTO ledger_postings (journal_id, account_id, user_id, amount, balance_after)
    VALUES (v_journal_id, v_row.id, v_row.user_id, v_row.amount, v_row.balance + v_row.amount);
  END LOOP;

  RETURN QUERY SELECT v_journal_id, false;
END;
$$;

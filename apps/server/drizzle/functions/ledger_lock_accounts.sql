-- Locks the ledger accounts a caller is about to decide on and post to, and answers their balances:
-- missing accounts are created (in key order), then all are locked in id order, as ledger_post and
-- ledger_post_batch lock them, so a caller that reads balances, decides and then posts in the same
-- transaction sees no balance move in between and waits on nobody in a circle. The ledger service
-- (ledger.service.ts) builds `p_accounts` ([{ key, user_id, kind, currency }]); other modules'
-- database functions call this instead of touching the ledger's tables.
CREATE OR REPLACE FUNCTION ledger_lock_accounts(p_accounts jsonb)
RETURNS TABLE (key text, balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO ledger_accounts (key, user_id, kind, currency)
  SELECT DISTINCT ON (a.doc->>'key') a.doc->>'key', (a.doc->>'user_id')::bigint, a.doc->>'kind', a.doc->>'currency'
  FROM jsonb_array_elements(p_accounts) AS a(doc)
  ORDER BY a.doc->>'key'
  ON CONFLICT (key) DO NOTHING;

  RETURN QUERY
    SELECT l.key, l.balance FROM (
      SELECT a.id, a.key, a.balance FROM ledger_accounts a
      WHERE a.key IN (SELECT x.doc->>'key' FROM jsonb_array_elements(p_accounts) AS x(doc))
      ORDER BY a.id
      FOR UPDATE OF a
    ) l;
END;
$$;

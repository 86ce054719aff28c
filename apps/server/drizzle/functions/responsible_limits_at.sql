-- A user's own limits in force at p_at (responsible-trading/limit-rules.ts effectiveLimit: a waiting
-- raise or removal counts from its time) and the exclusion in force, for the order placement snapshot
-- (orders/order-placer.ts). Answers NULL when the user has set nothing that could refuse an order, so
-- that order/create reads nothing more for them. Reads only responsible-trading's own tables.
-- { "limits": { "<name>": "<minor units>", ... }, "exclusion": { "kind": ..., "until": ... } | null }
CREATE OR REPLACE FUNCTION responsible_limits_at(p_user_id bigint, p_at timestamptz)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_limits jsonb;
  v_exclusion jsonb;
BEGIN
  SELECT jsonb_object_agg(l.name, v.value::text) INTO v_limits
  FROM responsible_limits l
  CROSS JOIN LATERAL (
    SELECT CASE WHEN l.pending_effective_at IS NOT NULL AND l.pending_effective_at <= p_at
                THEN l.pending_value ELSE l.value END AS value
  ) v
  WHERE l.user_id = p_user_id AND v.value IS NOT NULL AND l.name <> 'sessionMinutes';

  SELECT jsonb_build_object('kind', s.exclusion_kind, 'until', s.excluded_until) INTO v_exclusion
  FROM responsible_settings s
  WHERE s.user_id = p_user_id AND s.excluded_until > p_at;

  IF v_limits IS NULL AND v_exclusion IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object('limits', coalesce(v_limits, '{}'::jsonb), 'exclusion', v_exclusion);
END;
$$;

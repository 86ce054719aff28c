-- A user's order totals for their own limits (responsible-trading/limit-rules.ts OrderTotals; what each
-- counts is defined in packages/contract/src/responsible-trading.ts), read by order/create's snapshot
-- (orders/order-placer.ts) after order_placement_snapshot took the user's lock. VOLATILE on purpose:
-- its query takes a snapshot when it runs, after the lock, so it sees every order committed before,
-- and two orders of one user can never pass a limit together.
--   stake_*: stakes of orders accepted in the period, void ones not counted;
--   loss_*:  net loss of orders settled in the period: stake + fee − payout (a win counts negative);
--   open_at_risk: stake + fee of every open order (what they could still lose).
-- Practice orders (account 'practice', PUSDT) count toward no limit: only real ones are read.
CREATE OR REPLACE FUNCTION order_limit_totals(p_user_id bigint, p_day timestamptz, p_week timestamptz, p_month timestamptz)
RETURNS TABLE (
  stake_day bigint, stake_week bigint, stake_month bigint,
  loss_day bigint, loss_week bigint, loss_month bigint, open_at_risk bigint
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_from timestamptz := least(p_week, p_month);
BEGIN
  RETURN QUERY
    SELECT
      coalesce(sum(o.amount) FILTER (WHERE o.status <> 'void' AND o.accepted_at >= p_day), 0)::bigint,
      coalesce(sum(o.amount) FILTER (WHERE o.status <> 'void' AND o.accepted_at >= p_week), 0)::bigint,
      coalesce(sum(o.amount) FILTER (WHERE o.status <> 'void' AND o.accepted_at >= p_month), 0)::bigint,
      coalesce(sum(o.amount + o.fee - coalesce(o.payout, 0))
        FILTER (WHERE o.status IN ('won', 'lost', 'tie') AND o.settled_at >= p_day), 0)::bigint,
      coalesce(sum(o.amount + o.fee - coalesce(o.payout, 0))
        FILTER (WHERE o.status IN ('won', 'lost', 'tie') AND o.settled_at >= p_week), 0)::bigint,
      coalesce(sum(o.amount + o.fee - coalesce(o.payout, 0))
        FILTER (WHERE o.status IN ('won', 'lost', 'tie') AND o.settled_at >= p_month), 0)::bigint,
      coalesce(sum(o.amount + o.fee) FILTER (WHERE o.status = 'open'), 0)::bigint
    FROM orders o
    WHERE o.user_id = p_user_id
      AND o.account = 'real'
      AND (o.status = 'open' OR o.accepted_at >= v_from OR o.settled_at >= v_from);
END;
$$;

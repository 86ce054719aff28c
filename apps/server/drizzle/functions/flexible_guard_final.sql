-- Flexible earn's records are final, so no code path or script can rewrite what was paid: moves and
-- rates are never changed or deleted (day rows: flexible_days_guard_change). Trigger function of
-- flexible_orders_final and flexible_rates_final (BEFORE UPDATE OR DELETE, migration 0009).
CREATE OR REPLACE FUNCTION flexible_guard_final() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are final', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;

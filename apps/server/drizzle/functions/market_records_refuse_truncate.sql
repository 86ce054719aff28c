-- Ticks and orders are never truncated. Trigger function of ticks_no_truncate and orders_no_truncate
-- (BEFORE TRUNCATE, migration 0007).
CREATE OR REPLACE FUNCTION market_records_refuse_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is never truncated', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;

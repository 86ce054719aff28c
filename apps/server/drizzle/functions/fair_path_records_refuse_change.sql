-- The parameters and start prices of the committed price paths are append-only: what a verifier
-- re-derives a tick from is never edited. Trigger function of fair_path_params_final and
-- fair_path_starts_final (BEFORE UPDATE OR DELETE, migration 0021).
CREATE OR REPLACE FUNCTION fair_path_records_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are final', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;

-- Published fairness records (checkpoints, the platform's public key) are final: no UPDATE, DELETE
-- or TRUNCATE, whoever runs the SQL (issue 13).
CREATE OR REPLACE FUNCTION fair_records_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are final: they are never changed or removed', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;

-- The audit log is append-only: no code path, admin screen or mistake may rewrite history. Trigger
-- function of audit_log_append_only (BEFORE UPDATE OR DELETE) and audit_log_no_truncate (BEFORE
-- TRUNCATE), both created in migration 0001.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;

-- Nobody lifts an exclusion early (issue 14), operators and code paths included: while one is in
-- force, its end may only move later and a row in force is never deleted. That is all this guard
-- enforces: its start and kind are not checked here. A longer request extends the one in force with
-- the longer request's kind and keeps its start (responsible-trading.service.ts exclude); neither
-- brings the end earlier.
CREATE OR REPLACE FUNCTION responsible_settings_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.excluded_until IS NOT NULL AND OLD.excluded_until > now() THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'responsible_settings: an exclusion in force cannot be removed' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.excluded_until IS NULL OR NEW.excluded_until < OLD.excluded_until THEN
      RAISE EXCEPTION 'responsible_settings: an exclusion in force cannot end earlier' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

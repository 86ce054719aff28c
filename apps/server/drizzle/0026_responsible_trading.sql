CREATE TABLE "responsible_limits" (
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" bigint,
	"pending_value" bigint,
	"pending_effective_at" timestamp (3) with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responsible_limits_pk" PRIMARY KEY("user_id","name"),
	CONSTRAINT "responsible_limits_positive" CHECK (("responsible_limits"."value" IS NULL OR "responsible_limits"."value" > 0) AND ("responsible_limits"."pending_value" IS NULL OR "responsible_limits"."pending_value" > 0))
);
--> statement-breakpoint
CREATE TABLE "responsible_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"exclusion_kind" text,
	"excluded_since" timestamp (3) with time zone,
	"excluded_until" timestamp (3) with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The guard of exclusions (its living body: drizzle/functions/responsible_settings_guard.sql).
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
--> statement-breakpoint
CREATE TRIGGER responsible_settings_exclusion_final BEFORE UPDATE OR DELETE ON responsible_settings FOR EACH ROW EXECUTE FUNCTION responsible_settings_guard();

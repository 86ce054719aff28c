-- Issue 13 section 2: committed epochs (seed commitments, revealed seeds) and the parameters and start
-- prices of the committed price paths; the trade id of a streamed tick. The guards are also in
-- drizzle/functions/ (the living versions).
CREATE TABLE "fair_epochs" (
	"start_ms" bigint PRIMARY KEY NOT NULL,
	"end_ms" bigint NOT NULL,
	"commitment" text NOT NULL,
	"seed" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fair_path_params" (
	"symbol" text NOT NULL,
	"from_ms" bigint NOT NULL,
	"volatility_ppm" integer NOT NULL,
	"sigma_e12" bigint NOT NULL,
	"price_precision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fair_path_params_symbol_from_ms_pk" PRIMARY KEY("symbol","from_ms")
);
--> statement-breakpoint
CREATE TABLE "fair_path_starts" (
	"symbol" text NOT NULL,
	"start_ms" bigint NOT NULL,
	"price_e8" bigint NOT NULL,
	"anchored" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fair_path_starts_symbol_start_ms_pk" PRIMARY KEY("symbol","start_ms")
);
--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "trade_id" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fair_epochs_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'published epochs are never deleted';
  END IF;
  IF NEW.commitment !~ '^[0-9a-f]{64}$' OR NEW.end_ms <= NEW.start_ms THEN
    RAISE EXCEPTION 'an epoch needs a SHA-256 commitment in lowercase hex and an end after its start';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.start_ms IS DISTINCT FROM OLD.start_ms OR NEW.end_ms IS DISTINCT FROM OLD.end_ms
      OR NEW.commitment IS DISTINCT FROM OLD.commitment OR NEW.published_at IS DISTINCT FROM OLD.published_at THEN
      RAISE EXCEPTION 'a published commitment never changes';
    END IF;
    IF OLD.seed IS NOT NULL AND (NEW.seed IS DISTINCT FROM OLD.seed
      OR NEW.revealed_at IS DISTINCT FROM OLD.revealed_at) THEN
      RAISE EXCEPTION 'a revealed seed never changes';
    END IF;
  END IF;
  IF NEW.seed IS NOT NULL AND (NEW.seed !~ '^[0-9a-f]{64}$'
    OR encode(sha256(decode(NEW.seed, 'hex')), 'hex') <> NEW.commitment) THEN
    RAISE EXCEPTION 'the seed does not hash to the epoch''s commitment';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fair_epochs_final
  BEFORE INSERT OR UPDATE OR DELETE ON fair_epochs
  FOR EACH ROW EXECUTE FUNCTION fair_epochs_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fair_path_records_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are final', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fair_path_params_final
  BEFORE UPDATE OR DELETE ON fair_path_params
  FOR EACH ROW EXECUTE FUNCTION fair_path_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fair_path_starts_final
  BEFORE UPDATE OR DELETE ON fair_path_starts
  FOR EACH ROW EXECUTE FUNCTION fair_path_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fair_epochs_no_truncate BEFORE TRUNCATE ON fair_epochs
  FOR EACH STATEMENT EXECUTE FUNCTION market_records_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER fair_path_params_no_truncate BEFORE TRUNCATE ON fair_path_params
  FOR EACH STATEMENT EXECUTE FUNCTION market_records_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER fair_path_starts_no_truncate BEFORE TRUNCATE ON fair_path_starts
  FOR EACH STATEMENT EXECUTE FUNCTION market_records_refuse_truncate();

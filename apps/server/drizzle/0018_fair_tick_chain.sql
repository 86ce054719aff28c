CREATE TABLE "fair_checkpoints" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"time_ms" bigint NOT NULL,
	"heads" text NOT NULL,
	"prev_hash" "bytea" NOT NULL,
	"hash" "bytea" NOT NULL,
	"signature" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fair_checkpoints_time_ms_unique" UNIQUE("time_ms")
);
--> statement-breakpoint
CREATE TABLE "fair_signing_key" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key_hex" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fair_signing_key_single_row" CHECK ("fair_signing_key"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "prev_hash" "bytea";--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "hash" "bytea";--> statement-breakpoint
-- The functions below are the bodies of the day; drizzle/functions/ holds the living ones.
-- Every recorded tick joins its symbol's hash chain (issue 13, docs/provably-fair.md):
--   prev_hash = the hash of the symbol's newest recorded tick (32 zero bytes for the first),
--   hash      = SHA-256(prev_hash || UTF-8("{symbol}|{timeMs}|{priceE8}")).
-- Computed here, whatever the writer passed, so that every source and every process chains alike.
-- One writer per symbol at a time (a transaction lock), so two writers never chain from the same
-- head: the chain cannot fork. A tick older than the head is refused: the chain, like settlement,
-- only moves forward in time. (A tick at the head's own time fails on the primary key.)
CREATE OR REPLACE FUNCTION ticks_chain() RETURNS trigger AS $$
DECLARE
  head_time timestamptz;
  head_hash bytea;
BEGIN
  IF NEW.price <= 0 THEN
    RAISE EXCEPTION 'a tick price is positive (got % for %)', NEW.price, NEW.symbol;
  END IF;
  PERFORM pg_advisory_xact_lock(7262301, hashtext(NEW.symbol));
  SELECT t.time, t.hash INTO head_time, head_hash
    FROM ticks t WHERE t.symbol = NEW.symbol ORDER BY t.time DESC LIMIT 1;
  IF head_time IS NOT NULL AND NEW.time < head_time THEN
    RAISE EXCEPTION 'a tick of % at % is older than its chain head at %', NEW.symbol, NEW.time, head_time;
  END IF;
  NEW.prev_hash := coalesce(head_hash, decode(repeat('00', 32), 'hex'));
  NEW.hash := sha256(NEW.prev_hash || convert_to(
    NEW.symbol || '|' || floor(extract(epoch FROM NEW.time) * 1000)::bigint::text || '|' || NEW.price::text,
    'UTF8'));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ticks_chain BEFORE INSERT ON ticks FOR EACH ROW EXECUTE FUNCTION ticks_chain();
--> statement-breakpoint
-- Pruning removes ticks from the start of a symbol's chain only, never from its middle: after any
-- DELETE no kept tick of a symbol is older than one deleted. The first kept tick keeps its
-- prev_hash, so the chain is verifiable from it (issue 13). ticks_guard_change already refuses
-- any delete within the 7-day retention.
CREATE OR REPLACE FUNCTION ticks_prune_from_start() RETURNS trigger AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM (SELECT symbol, max(time) AS newest FROM pruned GROUP BY symbol) p
    WHERE EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = p.symbol AND t.time < p.newest)
  ) THEN
    RAISE EXCEPTION 'ticks are pruned from the start of their chain only';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ticks_pruned_from_start AFTER DELETE ON ticks REFERENCING OLD TABLE AS pruned
  FOR EACH STATEMENT EXECUTE FUNCTION ticks_prune_from_start();
--> statement-breakpoint
-- Published fairness records (checkpoints, the platform's public key) are final: no UPDATE, DELETE
-- or TRUNCATE, whoever runs the SQL (issue 13).
CREATE OR REPLACE FUNCTION fair_records_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are final: they are never changed or removed', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fair_checkpoints_final BEFORE UPDATE OR DELETE ON fair_checkpoints
  FOR EACH ROW EXECUTE FUNCTION fair_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fair_checkpoints_no_truncate BEFORE TRUNCATE ON fair_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION fair_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fair_signing_key_final BEFORE UPDATE OR DELETE ON fair_signing_key
  FOR EACH ROW EXECUTE FUNCTION fair_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fair_signing_key_no_truncate BEFORE TRUNCATE ON fair_signing_key
  FOR EACH STATEMENT EXECUTE FUNCTION fair_records_refuse_change();

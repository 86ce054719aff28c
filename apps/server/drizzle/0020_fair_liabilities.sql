-- Proof of liabilities (issue 13, section 4): a tree per platform day, its leaves (one per user) and its
-- nodes from level 4 up. A published day's figures never change and its row is never deleted (trigger
-- below); only its leaves and nodes are pruned after a while.
CREATE TABLE "fair_liability_leaves" (
	"tree_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"leaf_id" text NOT NULL,
	"balance_minor" bigint NOT NULL,
	CONSTRAINT "fair_liability_leaves_tree_id_position_pk" PRIMARY KEY("tree_id","position"),
	CONSTRAINT "fair_liability_leaves_balance_not_negative" CHECK ("fair_liability_leaves"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fair_liability_nodes" (
	"tree_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sum" bigint NOT NULL,
	CONSTRAINT "fair_liability_nodes_tree_id_level_position_pk" PRIMARY KEY("tree_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "fair_liability_trees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fair_liability_trees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" text NOT NULL,
	"claim_token" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"root_hash" text,
	"total" bigint,
	"leaves" integer,
	"ledger_total" bigint,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"snapshot_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"pruned_at" timestamp with time zone,
	CONSTRAINT "fair_liability_trees_published_whole" CHECK ("fair_liability_trees"."published_at" IS NULL OR ("fair_liability_trees"."root_hash" IS NOT NULL AND "fair_liability_trees"."total" IS NOT NULL AND "fair_liability_trees"."leaves" IS NOT NULL AND "fair_liability_trees"."ledger_total" IS NOT NULL AND "fair_liability_trees"."snapshot_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "fair_liability_leaves" ADD CONSTRAINT "fair_liability_leaves_tree_id_fair_liability_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."fair_liability_trees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_liability_nodes" ADD CONSTRAINT "fair_liability_nodes_tree_id_fair_liability_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."fair_liability_trees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_liability_leaves_user_key" ON "fair_liability_leaves" USING btree ("tree_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fair_liability_trees_day_key" ON "fair_liability_trees" USING btree ("day");--> statement-breakpoint
CREATE INDEX "fair_liability_trees_published_idx" ON "fair_liability_trees" USING btree ("published_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION fair_liability_trees_published_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.published_at IS NOT NULL THEN
      RAISE EXCEPTION 'a published proof of liabilities is never deleted (day %)', OLD.day;
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.published_at IS NOT NULL AND (
    NEW.day IS DISTINCT FROM OLD.day OR NEW.root_hash IS DISTINCT FROM OLD.root_hash
    OR NEW.total IS DISTINCT FROM OLD.total OR NEW.leaves IS DISTINCT FROM OLD.leaves
    OR NEW.ledger_total IS DISTINCT FROM OLD.ledger_total OR NEW.currency IS DISTINCT FROM OLD.currency
    OR NEW.snapshot_at IS DISTINCT FROM OLD.snapshot_at OR NEW.published_at IS DISTINCT FROM OLD.published_at
  ) THEN
    RAISE EXCEPTION 'a published proof of liabilities never changes (day %)', OLD.day;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER fair_liability_trees_published_is_final BEFORE UPDATE OR DELETE ON "fair_liability_trees"
  FOR EACH ROW EXECUTE FUNCTION fair_liability_trees_published_is_final();

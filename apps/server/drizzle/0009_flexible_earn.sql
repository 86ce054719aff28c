-- Flexible earn (the spec's DeFi orders, DESIGN.md 6.5). Money itself lives in the ledger
-- (`earn_flexible`); these tables keep the moves, the per-day lowest balance and the daily rates.
CREATE TABLE "flexible_orders" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" bigint NOT NULL,
  "action" text NOT NULL,
  "amount" bigint NOT NULL,
  "held_after" bigint NOT NULL,
  "request_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "flexible_orders_action" CHECK ("action" IN ('subscribe', 'redeem')),
  CONSTRAINT "flexible_orders_amount" CHECK ("amount" > 0 AND "held_after" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flexible_orders_request_key" ON "flexible_orders" ("user_id", "request_key");
--> statement-breakpoint
CREATE INDEX "flexible_orders_user_idx" ON "flexible_orders" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "flexible_days" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" bigint NOT NULL,
  "day" date NOT NULL,
  "opening_balance" bigint NOT NULL,
  "lowest_balance" bigint NOT NULL,
  "closing_balance" bigint NOT NULL,
  "rate_e8" bigint,
  "interest" bigint,
  "accrued_at" timestamp with time zone,
  CONSTRAINT "flexible_days_balances" CHECK ("opening_balance" >= 0 AND "lowest_balance" >= 0 AND "closing_balance" >= 0 AND "lowest_balance" <= "opening_balance" AND "lowest_balance" <= "closing_balance"),
  CONSTRAINT "flexible_days_interest" CHECK ("interest" IS NULL OR "interest" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flexible_days_user_day" ON "flexible_days" ("user_id", "day");
--> statement-breakpoint
CREATE INDEX "flexible_days_due_idx" ON "flexible_days" ("day", "user_id") WHERE "accrued_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "flexible_days_paid_idx" ON "flexible_days" ("day") WHERE "interest" > 0;
--> statement-breakpoint
CREATE TABLE "flexible_rates" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "rate_e8" bigint NOT NULL,
  "effective_from" date NOT NULL,
  "admin_id" bigint,
  "admin_username" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "flexible_rates_rate" CHECK ("rate_e8" >= 0 AND "rate_e8" <= 1000000)
);
--> statement-breakpoint
CREATE INDEX "flexible_rates_effective_idx" ON "flexible_rates" ("effective_from", "id");
--> statement-breakpoint
-- The starting rate, 0.02 % a day, until the back office sets another.
INSERT INTO "flexible_rates" ("rate_e8", "effective_from") VALUES (20000, DATE '2000-01-01');
--> statement-breakpoint
-- The records are final, here too, so no code path or script can rewrite what was paid: moves and
-- rates are never changed or deleted, and a day row is frozen once its interest is paid.
CREATE OR REPLACE FUNCTION flexible_guard_final() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are final', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER flexible_orders_final
  BEFORE UPDATE OR DELETE ON flexible_orders
  FOR EACH ROW EXECUTE FUNCTION flexible_guard_final();
--> statement-breakpoint
CREATE TRIGGER flexible_rates_final
  BEFORE UPDATE OR DELETE ON flexible_rates
  FOR EACH ROW EXECUTE FUNCTION flexible_guard_final();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flexible_days_guard_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'flexible day rows are never deleted';
  END IF;
  IF OLD.accrued_at IS NOT NULL THEN
    RAISE EXCEPTION 'a paid flexible day is final';
  END IF;
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.day IS DISTINCT FROM OLD.day
    OR NEW.opening_balance IS DISTINCT FROM OLD.opening_balance THEN
    RAISE EXCEPTION 'the user, day and opening balance of a flexible day never change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER flexible_days_final
  BEFORE UPDATE OR DELETE ON flexible_days
  FOR EACH ROW EXECUTE FUNCTION flexible_days_guard_change();

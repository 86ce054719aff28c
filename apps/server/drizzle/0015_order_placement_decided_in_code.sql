-- order/create is read → decide → write (orders/order-placer.ts): the rules moved out of the database
-- into one pure decision in TypeScript (orders/placement-decision.ts). The snapshot it decides on is
-- read by order_placement_snapshot, the ledger accounts are locked by the ledger's
-- ledger_lock_accounts (both in drizzle/functions/), and order_place_batch goes with its type.
DROP FUNCTION IF EXISTS order_place_batch(jsonb, timestamptz, timestamptz);
--> statement-breakpoint
DROP TYPE IF EXISTS order_request;

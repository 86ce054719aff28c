DROP INDEX "orders_awaiting_entry_idx";--> statement-breakpoint
CREATE INDEX "orders_open_accepted_idx" ON "orders" USING btree ("accepted_at") WHERE "orders"."status" = 'open';
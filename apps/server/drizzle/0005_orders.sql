CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"payout_rate_bp" integer NOT NULL,
	"period" integer NOT NULL,
	"accepted_at" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"entry_time" timestamp (3) with time zone,
	"entry_price" bigint,
	"exit_time" timestamp (3) with time zone,
	"exit_price" bigint,
	"lowest" bigint,
	"highest" bigint,
	"payout" bigint,
	"settled_at" timestamp (3) with time zone,
	"balance_after" bigint,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts" CHECK ("orders"."amount" > 0 AND "orders"."fee" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key" ON "orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_open_end_idx" ON "orders" USING btree ("end_time") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "orders_open_symbol_idx" ON "orders" USING btree ("symbol","direction") WHERE "orders"."status" = 'open';
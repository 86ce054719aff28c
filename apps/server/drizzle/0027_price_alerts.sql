CREATE TABLE "price_alert_cursors" (
	"symbol" text PRIMARY KEY NOT NULL,
	"checked_through" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"level" bigint,
	"percent_hundredths" integer,
	"window_seconds" integer,
	"reference_price" bigint NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"armed_at" timestamp (3) with time zone NOT NULL,
	"triggered_at" timestamp (3) with time zone,
	"triggered_price" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_armed_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."is_enabled" AND "price_alerts"."triggered_at" IS NULL;
CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "candles_symbol_interval_open_time_pk" PRIMARY KEY("symbol","interval","open_time")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"price_precision" integer NOT NULL,
	"volatility" double precision NOT NULL,
	"start_price" bigint NOT NULL,
	"periods" jsonb NOT NULL,
	"fee_rate_bp" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticks" (
	"symbol" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "ticks_symbol_time_pk" PRIMARY KEY("symbol","time")
);
--> statement-breakpoint
CREATE INDEX "ticks_time_idx" ON "ticks" USING btree ("time");
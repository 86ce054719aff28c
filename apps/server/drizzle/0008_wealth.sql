CREATE TABLE "wealth_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wealth_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_per_user" bigint NOT NULL,
	"quota_total" bigint NOT NULL,
	"sold_amount" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wealth_products_terms" CHECK ("wealth_products"."cycle_days" > 0 AND "wealth_products"."daily_rate_ppm" > 0 AND "wealth_products"."min_amount" > 0 AND "wealth_products"."max_per_user" >= "wealth_products"."min_amount"),
	CONSTRAINT "wealth_products_quota" CHECK ("wealth_products"."sold_amount" >= 0 AND "wealth_products"."sold_amount" <= "wealth_products"."quota_total")
);
--> statement-breakpoint
CREATE TABLE "wealth_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wealth_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate_ppm" integer NOT NULL,
	"daily_interest" bigint NOT NULL,
	"purchase_date" date NOT NULL,
	"status" text DEFAULT 'earning' NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	"next_payout_date" date NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wealth_orders_product_id_wealth_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "wealth_products"("id"),
	CONSTRAINT "wealth_orders_amounts" CHECK ("wealth_orders"."amount" > 0 AND "wealth_orders"."daily_interest" >= 0 AND "wealth_orders"."days_paid" >= 0 AND "wealth_orders"."days_paid" <= "wealth_orders"."cycle_days")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wealth_orders_request_key" ON "wealth_orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "wealth_orders_user_idx" ON "wealth_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wealth_orders_product_user_idx" ON "wealth_orders" USING btree ("product_id","user_id") WHERE "wealth_orders"."status" = 'earning';--> statement-breakpoint
CREATE INDEX "wealth_orders_due_idx" ON "wealth_orders" USING btree ("next_payout_date","id") WHERE "wealth_orders"."status" = 'earning';--> statement-breakpoint
INSERT INTO "wealth_products" ("name", "cycle_days", "daily_rate_ppm", "min_amount", "max_per_user", "quota_total", "sort") VALUES
	('USDT 7-Day Steady', 7, 300, 100000000, 50000000000, 1000000000000, 1),
	('USDT 30-Day Growth', 30, 400, 500000000, 100000000000, 2000000000000, 2),
	('USDT 90-Day Premium', 90, 500, 1000000000, 200000000000, 5000000000000, 3);

CREATE TABLE "order_tallies" (
	"user_id" bigint NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "order_tallies_pk" PRIMARY KEY("user_id","account","kind"),
	CONSTRAINT "order_tallies_not_negative" CHECK ("order_tallies"."n" >= 0)
);
--> statement-breakpoint
-- The orders open now count as placed; every close from now on adds to closed.
INSERT INTO "order_tallies" ("user_id", "account", "kind", "n")
SELECT "user_id", "account", 'placed', count(*) FROM "orders" WHERE "status" = 'open' GROUP BY 1, 2;

CREATE TABLE "withdrawal_protection" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"is_on" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "second_factor_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD COLUMN "bound_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_addresses" ADD COLUMN "bound_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Destinations bound before the cooldown existed count from when they were bound, not from this migration.
UPDATE "bank_cards" SET "bound_at" = "created_at";--> statement-breakpoint
UPDATE "wallet_addresses" SET "bound_at" = "created_at";

-- Bank deposits and withdrawals in the bank's currency: the rate locked on the request and the fiat figure
-- (minor units of that currency). Nullable: older rows and USDT-only requests have none.
ALTER TABLE "deposits" ADD COLUMN "fiat_currency" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "fiat_rate" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "fiat_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "fiat_received_minor" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fiat_currency" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fiat_rate" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fiat_amount_minor" bigint;
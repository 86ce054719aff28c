-- Several receiving bank accounts (issue 12): the bank list says which currency each bank's cards are paid
-- in (a bank withdrawal arrives in it), and a bank deposit keeps the account it was sent to.
ALTER TABLE "banks" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "bank_account" jsonb;--> statement-breakpoint
-- The one receiving account of older settings becomes the first of the list (none when it was blank). The
-- settings service reads the old shape the same way (migrateWalletRules), for a value written after this.
UPDATE "settings"
SET "value" = ("value" - 'bankAccount') || jsonb_build_object(
  'bankAccounts',
  CASE
    WHEN coalesce("value" -> 'bankAccount' ->> 'bankName', '') = ''
      AND coalesce("value" -> 'bankAccount' ->> 'cardNumber', '') = '' THEN '[]'::jsonb
    ELSE jsonb_build_array(("value" -> 'bankAccount') || '{"id": "main"}'::jsonb)
  END
)
WHERE "key" = 'wallet' AND "value" ? 'bankAccount' AND NOT "value" ? 'bankAccounts';

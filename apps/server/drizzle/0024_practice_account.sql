CREATE TABLE "practice_resets" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_resets_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "order_exposure" ADD COLUMN "account" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_exposure" DROP CONSTRAINT "order_exposure_pk";
--> statement-breakpoint
ALTER TABLE "order_exposure" ADD CONSTRAINT "order_exposure_pk" PRIMARY KEY("symbol","direction","account");
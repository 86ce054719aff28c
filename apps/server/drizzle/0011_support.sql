CREATE TABLE "support_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"visitor_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_admin_id" bigint,
	"unread_for_user" integer DEFAULT 0 NOT NULL,
	"unread_for_admin" integer DEFAULT 0 NOT NULL,
	"user_last_read_id" bigint DEFAULT 0 NOT NULL,
	"admin_last_read_id" bigint DEFAULT 0 NOT NULL,
	"last_message_preview" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_conversations_owner" CHECK ("support_conversations"."user_id" IS NOT NULL OR "support_conversations"."visitor_hash" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"admin_id" bigint,
	"body" text,
	"image_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_content" CHECK ("support_messages"."body" IS NOT NULL OR "support_messages"."image_file" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "support_quick_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_quick_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user" ON "support_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_visitor" ON "support_conversations" USING btree ("visitor_hash");--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_image" ON "support_messages" USING btree ("image_file");

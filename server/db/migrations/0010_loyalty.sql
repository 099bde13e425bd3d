CREATE TABLE "loyalty_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"card_number" text NOT NULL,
	"email" text,
	"partner_account" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_subscriptions_user_provider" UNIQUE("user_id","provider")
);
--> statement-breakpoint
ALTER TABLE "loyalty_subscriptions" ADD CONSTRAINT "loyalty_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
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
CREATE TABLE "order_discounts" (
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"participation_id" text,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_discounts_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "voucher_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text,
	"product_types" jsonb NOT NULL,
	"source" text NOT NULL,
	"code" text,
	"max_code_uses" integer,
	"uses_per_participation" integer,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_campaigns_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "voucher_participations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses_left" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_participations_user_campaign" UNIQUE("user_id","campaign_id")
);
--> statement-breakpoint
ALTER TABLE "loyalty_subscriptions" ADD CONSTRAINT "loyalty_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_participations" ADD CONSTRAINT "voucher_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_participations" ADD CONSTRAINT "voucher_participations_campaign_id_voucher_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."voucher_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_participations_campaign_idx" ON "voucher_participations" USING btree ("campaign_id");
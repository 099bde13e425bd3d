CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"poi_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"item_code" text,
	"item_name" text,
	"unit" text,
	"order_type" text NOT NULL,
	"state" text NOT NULL,
	"state_history" jsonb NOT NULL,
	"state_changed_at" timestamp with time zone NOT NULL,
	"thing_id" text,
	"thing_external_id" text,
	"car_odometer_m" integer,
	"tank_is_full" boolean,
	"auto_acquire" boolean DEFAULT true NOT NULL,
	"initiated_by_partner" text,
	"currency" text NOT NULL,
	"unit_price" integer,
	"unit_precision" integer,
	"authorize_amount" integer,
	"payment_method_id" text,
	"payment_brand" text,
	"payment_last4" text,
	"quantity_ml" integer,
	"total_amount" integer,
	"forecourt_session_id" text,
	"cancel_requested_at" timestamp with time zone,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_holds" (
	"order_id" text PRIMARY KEY NOT NULL,
	"payment_method_id" text NOT NULL,
	"currency" text NOT NULL,
	"held" integer NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_holds_amounts_check" CHECK ("payment_holds"."held" > 0 and "payment_holds"."captured" >= 0 and "payment_holds"."released" >= 0),
	CONSTRAINT "payment_holds_capture_le_hold" CHECK ("payment_holds"."captured" + "payment_holds"."released" <= "payment_holds"."held")
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"precision" integer NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "payment_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "payment_ledger_amount_check" CHECK ("payment_ledger"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder_name" text,
	"label" text,
	"behavior" text DEFAULT 'approve' NOT NULL,
	"is_preferred" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "things" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"nick_name" text NOT NULL,
	"license_plate" text NOT NULL,
	"vin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "things" ADD CONSTRAINT "things_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_user_id_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_state_idx" ON "orders" USING btree ("state","state_changed_at") WHERE "orders"."state" not in ('COMPLETED', 'PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED');--> statement-breakpoint
CREATE INDEX "payment_ledger_order_id_idx" ON "payment_ledger" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_one_capture" ON "payment_ledger" USING btree ("order_id") WHERE "payment_ledger"."kind" = 'CAPTURE';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_one_hold" ON "payment_ledger" USING btree ("order_id") WHERE "payment_ledger"."kind" = 'HOLD';--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "things_user_id_idx" ON "things" USING btree ("user_id","created_at");
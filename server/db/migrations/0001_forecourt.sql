CREATE TABLE "forecourt_devices" (
	"product_id" text PRIMARY KEY NOT NULL,
	"station_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"driver" text,
	"session_id" text,
	"order_id" text,
	"item_code" text,
	"max_amount" integer,
	"target" integer,
	"rate" integer DEFAULT 0 NOT NULL,
	"meter_base" integer DEFAULT 0 NOT NULL,
	"meter_at" timestamp with time zone,
	"plugged" boolean DEFAULT false NOT NULL,
	"authorized" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecourt_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"station_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"item_code" text,
	"unit_price" integer,
	"precision" integer,
	"currency" text,
	"max_amount" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redemption_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "station_products" (
	"id" text PRIMARY KEY NOT NULL,
	"station_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"facility" text NOT NULL,
	"type" text NOT NULL,
	"automatic_flow" boolean NOT NULL,
	"items" jsonb NOT NULL,
	"recommended_prices" jsonb
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"mtsk_id" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"country_code" text NOT NULL,
	"address" jsonb NOT NULL,
	"partner_name" text,
	"guest_checkout" boolean DEFAULT false NOT NULL,
	"pumps_without_display" boolean DEFAULT false NOT NULL,
	"payment_means" jsonb NOT NULL,
	"loyalty_programs" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forecourt_devices" ADD CONSTRAINT "forecourt_devices_product_id_station_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."station_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecourt_devices" ADD CONSTRAINT "forecourt_devices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecourt_sessions" ADD CONSTRAINT "forecourt_sessions_product_id_station_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."station_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_codes" ADD CONSTRAINT "redemption_codes_product_id_station_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."station_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_products" ADD CONSTRAINT "station_products_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecourt_devices_station_id_idx" ON "forecourt_devices" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "forecourt_devices_state_idx" ON "forecourt_devices" USING btree ("state");--> statement-breakpoint
CREATE INDEX "forecourt_sessions_product_id_idx" ON "forecourt_sessions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "forecourt_sessions_order_id_idx" ON "forecourt_sessions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "redemption_codes_product_id_idx" ON "redemption_codes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "station_products_station_id_idx" ON "station_products" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "stations_lat_lon_idx" ON "stations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "stations_mtsk_id_idx" ON "stations" USING btree ("mtsk_id");
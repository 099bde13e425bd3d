CREATE TABLE "history_costs" (
	"event_id" text PRIMARY KEY NOT NULL,
	"recurrence_period" text NOT NULL,
	"series_id" text,
	"series_index" integer,
	"name" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "history_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"thing_id" text,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"sample_time" timestamp with time zone NOT NULL,
	"category" text,
	"currency" text,
	"amount_deci_cents" integer,
	"product_type" text,
	"fuel_ml" integer,
	"energy_wh" integer,
	"odometer_m" integer,
	"tank_full" boolean,
	"merged_into" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "history_events_amount_check" CHECK ("history_events"."amount_deci_cents" is null or "history_events"."amount_deci_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "history_images" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_payments" (
	"event_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "history_payments_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "history_series" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"anchor" timestamp with time zone NOT NULL,
	"next_index" integer NOT NULL,
	"next_at" timestamp with time zone,
	"template" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_trips" (
	"event_id" text PRIMARY KEY NOT NULL,
	"distance_m" integer NOT NULL,
	"driving_score" integer,
	"start_address" text,
	"end_address" text,
	"start_lat" double precision,
	"start_lon" double precision,
	"end_lat" double precision,
	"end_lon" double precision,
	"end_time" timestamp with time zone NOT NULL,
	"is_result_of_merge" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_costs" ADD CONSTRAINT "history_costs_event_id_history_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."history_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_costs" ADD CONSTRAINT "history_costs_series_id_history_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."history_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_events" ADD CONSTRAINT "history_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_events" ADD CONSTRAINT "history_events_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_images" ADD CONSTRAINT "history_images_event_id_history_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."history_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_images" ADD CONSTRAINT "history_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_payments" ADD CONSTRAINT "history_payments_event_id_history_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."history_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_series" ADD CONSTRAINT "history_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_trips" ADD CONSTRAINT "history_trips_event_id_history_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."history_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "history_costs_series_idx" ON "history_costs" USING btree ("series_id","series_index");--> statement-breakpoint
CREATE INDEX "history_events_user_time_idx" ON "history_events" USING btree ("user_id","sample_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "history_events"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "history_events_thing_time_idx" ON "history_events" USING btree ("thing_id","sample_time");--> statement-breakpoint
CREATE INDEX "history_events_merged_into_idx" ON "history_events" USING btree ("merged_into") WHERE "history_events"."merged_into" is not null;--> statement-breakpoint
CREATE INDEX "history_images_event_idx" ON "history_images" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "history_series_due_idx" ON "history_series" USING btree ("user_id","next_at") WHERE "history_series"."next_at" is not null;
CREATE TABLE "ocpp_builtin_chargers" (
	"product_id" text PRIMARY KEY NOT NULL,
	"id_tag" text,
	"transaction_id" integer,
	"session_id" text,
	"meter_start" integer,
	"register_wh" integer DEFAULT 0 NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"queue" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocpp_charge_points" (
	"id" text PRIMARY KEY NOT NULL,
	"password_hash" text,
	"builtin" boolean DEFAULT false NOT NULL,
	"vendor" text,
	"model" text,
	"serial_number" text,
	"firmware_version" text,
	"booted_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"connection_id" text,
	"connected_by" text,
	"connected_builtin" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"remote_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocpp_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_point_id" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"order_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"answered_at" timestamp with time zone,
	"response" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "ocpp_connectors" (
	"charge_point_id" text NOT NULL,
	"connector_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"status" text,
	"error_code" text,
	"info" text,
	"status_at" timestamp with time zone,
	CONSTRAINT "ocpp_connectors_charge_point_id_connector_id_pk" PRIMARY KEY("charge_point_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "ocpp_id_tags" (
	"id_tag" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ocpp_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" text NOT NULL,
	"connector_id" integer NOT NULL,
	"product_id" text,
	"id_tag" text NOT NULL,
	"order_id" text,
	"meter_start" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"meter_last" integer NOT NULL,
	"meter_last_at" timestamp with time zone NOT NULL,
	"power_w" integer DEFAULT 0 NOT NULL,
	"soc_percent" integer,
	"meter_stop" integer,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"transaction_data" jsonb,
	"stop_requested_at" timestamp with time zone,
	"stop_cause" text,
	"faulted_at" timestamp with time zone,
	"time_scale" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heard_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost_limit" integer;--> statement-breakpoint
ALTER TABLE "ocpp_builtin_chargers" ADD CONSTRAINT "ocpp_builtin_chargers_product_id_station_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."station_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpp_connectors" ADD CONSTRAINT "ocpp_connectors_charge_point_id_ocpp_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."ocpp_charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpp_connectors" ADD CONSTRAINT "ocpp_connectors_product_id_station_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."station_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocpp_commands_pending_idx" ON "ocpp_commands" USING btree ("charge_point_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "ocpp_connectors_product_id_idx" ON "ocpp_connectors" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "ocpp_transactions_order_id_idx" ON "ocpp_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ocpp_transactions_open_idx" ON "ocpp_transactions" USING btree ("charge_point_id","connector_id") WHERE stopped_at is null;--> statement-breakpoint
-- An EV order's GET answer shows its transaction's meter values: they announce the order like its other rows (0012).
CREATE TRIGGER fc_ocpp_transactions_changed AFTER INSERT OR UPDATE OR DELETE ON ocpp_transactions
  FOR EACH ROW EXECUTE FUNCTION fc_announce_order();

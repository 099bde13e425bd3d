ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "things" ALTER COLUMN "license_plate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "type" text DEFAULT 'car' NOT NULL;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "build_year" integer;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "fuel_type" text;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "tank_capacity_l" integer;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "mileage_km" integer;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "next_inspection" text;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
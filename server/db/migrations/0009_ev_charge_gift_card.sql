ALTER TABLE "orders" ADD COLUMN "product_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge" jsonb;
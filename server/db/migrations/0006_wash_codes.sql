ALTER TABLE "redemption_codes" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "redemption_codes" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "redemption_codes" ADD COLUMN "item_code" text;--> statement-breakpoint
CREATE INDEX "redemption_codes_order_id_idx" ON "redemption_codes" USING btree ("order_id");
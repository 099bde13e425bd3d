ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_hit_at" timestamp with time zone;
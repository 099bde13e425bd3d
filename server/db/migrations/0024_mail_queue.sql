CREATE TABLE "mail_queue" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'mail' NOT NULL,
	"to" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_queue_last_attempt_idx" ON "mail_queue" USING btree ("state","last_attempt_at");
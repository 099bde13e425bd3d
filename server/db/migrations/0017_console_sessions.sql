CREATE TABLE "console_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"console_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);

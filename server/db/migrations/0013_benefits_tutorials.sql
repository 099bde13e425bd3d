CREATE TABLE "completed_tutorials" (
	"user_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"tutorial_language" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "completed_tutorials_user_id_topic_id_tutorial_language_pk" PRIMARY KEY("user_id","topic_id","tutorial_language")
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"texts" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotteries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "optins" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "optins_user_name" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "completed_tutorials" ADD CONSTRAINT "completed_tutorials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optins" ADD CONSTRAINT "optins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optins_name" ON "optins" USING btree ("name");
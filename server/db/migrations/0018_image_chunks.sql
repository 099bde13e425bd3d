CREATE TABLE "history_image_chunks" (
	"image_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "history_image_chunks_image_id_seq_pk" PRIMARY KEY("image_id","seq")
);
--> statement-breakpoint
ALTER TABLE "history_images" ADD COLUMN "ready" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "history_image_chunks" ADD CONSTRAINT "history_image_chunks_image_id_history_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."history_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_images_user_idx" ON "history_images" USING btree ("user_id");--> statement-breakpoint
-- Images kept so far move into one chunk each (issue 32.5: uploads stream in pieces from now on).
INSERT INTO "history_image_chunks" ("image_id", "seq", "data") SELECT "id", 0, "data" FROM "history_images";--> statement-breakpoint
ALTER TABLE "history_images" DROP COLUMN "data";
ALTER TABLE "stations" ADD COLUMN "grid_cell" integer;--> statement-breakpoint
UPDATE "stations" SET "grid_cell" = (floor("latitude")::integer + 90) * 360 + (floor("longitude")::integer + 180);--> statement-breakpoint
ALTER TABLE "stations" ALTER COLUMN "grid_cell" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
CREATE INDEX "stations_grid_cell_lat_idx" ON "stations" USING btree ("grid_cell","latitude");

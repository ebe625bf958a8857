CREATE TABLE "media_renditions" (
	"original_hash" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"rendition_hash" text,
	"note" text DEFAULT '' NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "media_renditions_rendition_idx" ON "media_renditions" USING btree ("rendition_hash");--> statement-breakpoint
CREATE INDEX "media_renditions_done_idx" ON "media_renditions" USING btree ("done_at") WHERE "media_renditions"."status" = 'done';
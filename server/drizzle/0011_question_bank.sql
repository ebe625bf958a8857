CREATE TABLE "blueprints" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"slots" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "item_id" text;--> statement-breakpoint
CREATE INDEX "blueprints_user_idx" ON "blueprints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "questions_item_idx" ON "questions" USING btree ("item_id");
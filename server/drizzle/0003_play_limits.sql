CREATE TABLE "attempt_plays" (
	"attempt_id" text NOT NULL,
	"play_id" text NOT NULL,
	"question_id" text NOT NULL,
	"audio" text NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_plays_pkey" PRIMARY KEY("attempt_id","play_id")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "play_limit" integer;
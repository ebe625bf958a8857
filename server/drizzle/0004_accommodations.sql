CREATE TABLE "attempt_leaves" (
	"attempt_id" text NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "attempt_leaves_pkey" PRIMARY KEY("attempt_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "extra_time" (
	"user_id" text PRIMARY KEY NOT NULL,
	"percent" integer,
	"minutes" integer,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_time_one_check" CHECK (("extra_time"."percent" is null) <> ("extra_time"."minutes" is null))
);

CREATE TABLE "attempt_answers" (
	"attempt_id" text NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_answers_pkey" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"exam_title" text NOT NULL,
	"user_id" text NOT NULL,
	"institute_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"result_id" text,
	"listening_status" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "auth_generation_id_check" CHECK ("auth_generation"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_access" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"total_times" integer,
	"completed_times" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_access_exams" (
	"access_id" text NOT NULL,
	"exam_id" text NOT NULL,
	"total_times" integer NOT NULL,
	"completed_times" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_access_exams_pkey" PRIMARY KEY("access_id","exam_id")
);
--> statement-breakpoint
CREATE TABLE "exam_institute_access" (
	"exam_id" text NOT NULL,
	"institute_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_institute_access_pkey" PRIMARY KEY("exam_id","institute_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'private' NOT NULL,
	"is_cbt" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"category_id" text,
	"ref_exam" text DEFAULT '' NOT NULL,
	"user_id" text NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"type" text NOT NULL,
	"question_number" integer NOT NULL,
	"main_heading" text DEFAULT '' NOT NULL,
	"main_heading_image" boolean DEFAULT false NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_image" boolean DEFAULT false NOT NULL,
	"description_boxed" boolean DEFAULT false NOT NULL,
	"option_type" text DEFAULT 'text' NOT NULL,
	"option1" text DEFAULT '' NOT NULL,
	"option2" text DEFAULT '' NOT NULL,
	"option3" text DEFAULT '' NOT NULL,
	"option4" text DEFAULT '' NOT NULL,
	"listening" text DEFAULT '' NOT NULL,
	"answer" text NOT NULL,
	"answer_details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"exam_id" text NOT NULL,
	"exam_title" text NOT NULL,
	"user_id" text NOT NULL,
	"institute_id" text,
	"score" integer NOT NULL,
	"total_questions" integer NOT NULL,
	"attempted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"role" integer NOT NULL,
	"institute_role" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"user_uid" text NOT NULL,
	"auth_type" text DEFAULT 'local' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempts_user_idx" ON "attempts" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "attempts_running_deadline_idx" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_running_uq" ON "attempts" USING btree ("user_id","exam_id") WHERE "attempts"."status" = 'running';--> statement-breakpoint
CREATE INDEX "attempts_started_idx" ON "attempts" USING btree ("started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_access_user_uq" ON "exam_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exams_user_idx" ON "exams" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_exam_number_uq" ON "questions" USING btree ("exam_id","question_number");--> statement-breakpoint
CREATE UNIQUE INDEX "results_attempt_uq" ON "results" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "results_user_idx" ON "results" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "results_exam_idx" ON "results" USING btree ("exam_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "results_created_idx" ON "results" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_uid_uq" ON "users" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "users_created_by_idx" ON "users" USING btree ("created_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_students_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."role" = 0 and "users"."deleted_at" is null;
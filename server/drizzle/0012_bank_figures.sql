CREATE TABLE "bank_figures" (
	"exam_id" text NOT NULL,
	"question_number" integer NOT NULL,
	"item" text NOT NULL,
	"institute_id" text NOT NULL,
	"created_by" text NOT NULL,
	"uses" integer NOT NULL,
	"correct" integer NOT NULL,
	"rest_sum" integer NOT NULL,
	"rest_squares" integer NOT NULL,
	"correct_rest_sum" integer NOT NULL,
	"last_used" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_figures_pkey" PRIMARY KEY("exam_id","question_number","institute_id","created_by")
);
--> statement-breakpoint
CREATE TABLE "bank_figures_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_figures_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exam_id" text NOT NULL,
	"recompute" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_marks" (
	"result_id" text PRIMARY KEY NOT NULL,
	"reading" integer NOT NULL,
	"listening" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bank_figures_item_idx" ON "bank_figures" USING btree ("item");--> statement-breakpoint
-- The question bank's figures (src/authoring/bank-figures.ts) follow every change they rest on, whoever writes it:
-- these triggers queue the exams a statement touches, in its own transaction, and the next search brings those exams'
-- figures up to date. Results added: one queued row per exam per statement (an exam-end batch of 500 results: one).
CREATE FUNCTION bank_results_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bank_figures_queue (exam_id, recompute) SELECT DISTINCT exam_id, false FROM new_results;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER results_bank_added AFTER INSERT ON "results" REFERENCING NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION bank_results_added();
--> statement-breakpoint
-- Results changed or deleted (no route does either; a direct write may): their marks are dropped and their exams'
-- figures computed again, under the lock a refresh holds (3812026001, BANK_FIGURES_LOCK), so that a refresh never
-- marks a result being changed.
CREATE FUNCTION bank_results_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(3812026001);
  DELETE FROM result_marks m USING old_results o WHERE m.result_id = o.id;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT exam_id, true FROM old_results UNION SELECT exam_id, true FROM new_results;
  ELSE
    INSERT INTO bank_figures_queue (exam_id, recompute) SELECT DISTINCT exam_id, true FROM old_results;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER results_bank_changed AFTER UPDATE ON "results" REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION bank_results_changed();
--> statement-breakpoint
CREATE TRIGGER results_bank_deleted AFTER DELETE ON "results" REFERENCING OLD TABLE AS old_results
  FOR EACH STATEMENT EXECUTE FUNCTION bank_results_changed();
--> statement-breakpoint
-- An exam's numbers changed (a question added, deleted or moved) or the item at a number: its figures change, if it
-- has results.
CREATE FUNCTION bank_questions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT DISTINCT n.exam_id, true FROM new_questions n WHERE EXISTS (SELECT 1 FROM results r WHERE r.exam_id = n.exam_id);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT DISTINCT o.exam_id, true FROM old_questions o WHERE EXISTS (SELECT 1 FROM results r WHERE r.exam_id = o.exam_id);
  ELSE
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT x.exam_id, true FROM (
        SELECT o.exam_id FROM old_questions o JOIN new_questions n ON n.id = o.id
         WHERE (o.exam_id, o.question_number, o.item_id) IS DISTINCT FROM (n.exam_id, n.question_number, n.item_id)
        UNION
        SELECT n.exam_id FROM old_questions o JOIN new_questions n ON n.id = o.id
         WHERE (o.exam_id, o.question_number, o.item_id) IS DISTINCT FROM (n.exam_id, n.question_number, n.item_id)
      ) x WHERE EXISTS (SELECT 1 FROM results r WHERE r.exam_id = x.exam_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER questions_bank_added AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_questions
  FOR EACH STATEMENT EXECUTE FUNCTION bank_questions_changed();
--> statement-breakpoint
CREATE TRIGGER questions_bank_changed AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_questions NEW TABLE AS new_questions
  FOR EACH STATEMENT EXECUTE FUNCTION bank_questions_changed();
--> statement-breakpoint
CREATE TRIGGER questions_bank_deleted AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_questions
  FOR EACH STATEMENT EXECUTE FUNCTION bank_questions_changed();
--> statement-breakpoint
-- A student's institute (created_by) changed: which institutes' figures their results count in.
CREATE FUNCTION bank_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT DISTINCT r.exam_id, true FROM new_users n JOIN results r ON r.user_id = n.id WHERE n.created_by IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT DISTINCT r.exam_id, true FROM old_users o JOIN results r ON r.user_id = o.id WHERE o.created_by IS NOT NULL;
  ELSE
    INSERT INTO bank_figures_queue (exam_id, recompute)
      SELECT DISTINCT r.exam_id, true FROM old_users o JOIN new_users n ON n.id = o.id JOIN results r ON r.user_id = n.id
       WHERE o.created_by IS DISTINCT FROM n.created_by;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_bank_added AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION bank_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_bank_changed AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION bank_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_bank_deleted AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_users
  FOR EACH STATEMENT EXECUTE FUNCTION bank_users_changed();
--> statement-breakpoint
-- The results stored before: their exams queued, computed by the first search.
INSERT INTO bank_figures_queue (exam_id, recompute) SELECT DISTINCT exam_id, true FROM "results";

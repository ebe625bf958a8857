ALTER TABLE "exams" ADD COLUMN "review_policy" text DEFAULT 'answers' NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "total_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "reading_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "listening_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Older results get their EPS-TOPIK scores from their stored answers (5 points per correct question; Reading =
-- questions 1-20, Listening = 21-40): tuples [question, questionNumber, type, answer, correct 0|1], or the objects
-- written before (see encodeResultAnswers in src/db/schema.ts).
UPDATE "results" AS r SET "reading_score" = s.reading, "listening_score" = s.listening, "total_score" = s.reading + s.listening
FROM (
  SELECT r2."id",
    5 * count(*) FILTER (WHERE x.n BETWEEN 1 AND 20 AND x.correct) AS reading,
    5 * count(*) FILTER (WHERE x.n BETWEEN 21 AND 40 AND x.correct) AS listening
  FROM "results" AS r2
  CROSS JOIN LATERAL jsonb_array_elements(r2."answers"::jsonb) AS e(v)
  CROSS JOIN LATERAL (SELECT
    CASE WHEN jsonb_typeof(e.v) = 'array' THEN (e.v ->> 1)::numeric ELSE (e.v ->> 'questionNumber')::numeric END AS n,
    CASE WHEN jsonb_typeof(e.v) = 'array' THEN (e.v ->> 4) = '1' ELSE (e.v ->> 'correct') = 'true' END AS correct) AS x
  GROUP BY r2."id"
) AS s
WHERE s."id" = r."id";

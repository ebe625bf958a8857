-- A result's answers as compact text (see encodeResultAnswers in src/db/schema.ts): a JSON array of
-- [question, questionNumber, type code R|L, answer, correct 0|1] per answer, in the stored order. As jsonb objects a
-- result row (4-5 kB) went through TOAST compression on every insert: the largest cost of an exam-end burst.
ALTER TABLE results ADD COLUMN answers_compact text;
UPDATE results SET answers_compact = (
  SELECT coalesce(json_agg(json_build_array(
           e->>'question',
           (e->>'questionNumber')::int,
           CASE e->>'type' WHEN 'Reading' THEN 'R' WHEN 'Listening' THEN 'L' ELSE e->>'type' END,
           e->>'answer',
           CASE WHEN (e->>'correct')::boolean THEN 1 ELSE 0 END
         ) ORDER BY n)::text, '[]')
    FROM jsonb_array_elements(results.answers) WITH ORDINALITY AS t(e, n));
ALTER TABLE results DROP COLUMN answers;
ALTER TABLE results RENAME COLUMN answers_compact TO answers;
ALTER TABLE results ALTER COLUMN answers SET NOT NULL;
-- rows up to ~8 kB (a long exam title, a longer exam) stay inline and uncompressed
ALTER TABLE results SET (toast_tuple_target = 8160);

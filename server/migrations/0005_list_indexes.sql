-- The back office's lists are paged on the server, newest first with the id as a tie-breaker (src/paging.ts). These
-- indexes give each list its rows already in that order, so one page reads about `limit` index entries instead of
-- sorting every matching row. Each replaces a one-column index it starts with, so inserts maintain no more indexes.
DROP INDEX IF EXISTS results_user_idx;
CREATE INDEX results_user_idx ON results (user_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS results_exam_idx;
CREATE INDEX results_exam_idx ON results (exam_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS attempts_started_idx;
CREATE INDEX attempts_started_idx ON attempts (started_at, id);
DROP INDEX IF EXISTS users_created_by_idx;
CREATE INDEX users_created_by_idx ON users (created_by, created_at DESC, id DESC);
-- All users (admin): live students, newest first
CREATE INDEX users_students_created_idx ON users (created_at DESC, id DESC) WHERE role = 0 AND deleted_at IS NULL;

-- Hand-written (drizzle-kit generate --custom): what schema.ts cannot express. drizzle-kit 0.31 has no triggers,
-- functions, table storage parameters or data rows; everything else belongs in src/db/schema.ts.

-- A result row (about 1.7 kB of compact answers, up to ~8 kB with a long exam title or a longer exam) stays inline
-- and uncompressed: TOAST compression on every insert was the largest cost of an exam-end burst.
ALTER TABLE "results" SET (toast_tuple_target = 8160);
--> statement-breakpoint
-- auth_generation's one row (see authGeneration in schema.ts). It starts from the clock, not 0: a database
-- re-created under a running process does not repeat an old value.
INSERT INTO "auth_generation" ("id", "value") VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint);
--> statement-breakpoint
-- Every statement that changes users bumps the counter in the same transaction (src/auth/index.ts).
CREATE FUNCTION bump_auth_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_generation SET value = value + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_generation();

-- A counter of changes to users, for the token check's cache of user rows (src/auth/index.ts): every statement that
-- changes users bumps it in the same transaction, so a reader sees the new rows and the new value together or
-- neither. A cached row is used only while the value read after the request arrived equals the value it was read with;
-- the check stays exact (a password change, a deletion or a disabling is seen by the next request) and works across
-- several processes on one database.
CREATE TABLE auth_generation (id int PRIMARY KEY CHECK (id = 1), value bigint NOT NULL);
-- starts from the clock, not 0: a database re-created under a running process does not repeat an old value
INSERT INTO auth_generation (id, value) VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint);
CREATE FUNCTION bump_auth_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_generation SET value = value + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_auth_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_generation();

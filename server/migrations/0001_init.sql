-- Initial schema. Must match src/db/schema.ts exactly.

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  info text NOT NULL DEFAULT '',
  status integer NOT NULL DEFAULT 1,
  role integer NOT NULL,
  institute_role integer NOT NULL DEFAULT 0,
  created_by text,
  user_uid text NOT NULL,
  auth_type text NOT NULL DEFAULT 'local',
  token_version integer NOT NULL DEFAULT 0,
  deleted_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_uid_uq ON users (user_uid);
CREATE INDEX users_created_by_idx ON users (created_by);

CREATE TABLE categories (
  id text PRIMARY KEY,
  title text NOT NULL,
  created_by text,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);

CREATE TABLE exams (
  id text PRIMARY KEY,
  title text NOT NULL,
  type text NOT NULL DEFAULT 'private',
  is_cbt boolean NOT NULL DEFAULT false,
  status integer NOT NULL DEFAULT 0,
  category_id text,
  ref_exam text NOT NULL DEFAULT '',
  user_id text NOT NULL,
  published_at timestamp with time zone,
  deleted_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
CREATE INDEX exams_user_idx ON exams (user_id);

CREATE TABLE exam_institute_access (
  exam_id text NOT NULL,
  institute_id text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (exam_id, institute_id)
);

CREATE TABLE questions (
  id text PRIMARY KEY,
  exam_id text NOT NULL,
  type text NOT NULL,
  question_number integer NOT NULL,
  main_heading text NOT NULL DEFAULT '',
  main_heading_image boolean NOT NULL DEFAULT false,
  heading text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  description_image boolean NOT NULL DEFAULT false,
  description_boxed boolean NOT NULL DEFAULT false,
  option_type text NOT NULL DEFAULT 'text',
  option1 text NOT NULL DEFAULT '',
  option2 text NOT NULL DEFAULT '',
  option3 text NOT NULL DEFAULT '',
  option4 text NOT NULL DEFAULT '',
  listening text NOT NULL DEFAULT '',
  answer text NOT NULL,
  answer_details text NOT NULL DEFAULT '',
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX questions_exam_number_uq ON questions (exam_id, question_number);

CREATE TABLE media (
  hash text PRIMARY KEY,
  mime text NOT NULL,
  ext text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_by text,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);

CREATE TABLE attempts (
  id text PRIMARY KEY,
  exam_id text NOT NULL,
  exam_title text NOT NULL,
  user_id text NOT NULL,
  institute_id text,
  status text NOT NULL DEFAULT 'running',
  started_at timestamp with time zone NOT NULL DEFAULT now(),
  deadline_at timestamp with time zone NOT NULL,
  submitted_at timestamp with time zone,
  result_id text,
  listening_status jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX attempts_user_idx ON attempts (user_id, exam_id);
CREATE INDEX attempts_running_deadline_idx ON attempts (deadline_at) WHERE status = 'running';
CREATE INDEX attempts_started_idx ON attempts (started_at);

CREATE TABLE attempt_answers (
  attempt_id text NOT NULL,
  question_id text NOT NULL,
  answer text NOT NULL,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id)
);

CREATE TABLE results (
  id text PRIMARY KEY,
  attempt_id text NOT NULL,
  exam_id text NOT NULL,
  exam_title text NOT NULL,
  user_id text NOT NULL,
  institute_id text,
  score integer NOT NULL,
  total_questions integer NOT NULL,
  attempted integer NOT NULL,
  answers jsonb NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX results_attempt_uq ON results (attempt_id);
CREATE INDEX results_user_idx ON results (user_id);
CREATE INDEX results_exam_idx ON results (exam_id);
CREATE INDEX results_created_idx ON results (created_at);

CREATE TABLE exam_access (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  type text NOT NULL,
  start_time timestamp with time zone,
  end_time timestamp with time zone,
  total_times integer,
  completed_times integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX exam_access_user_uq ON exam_access (user_id);

CREATE TABLE exam_access_exams (
  access_id text NOT NULL,
  exam_id text NOT NULL,
  total_times integer NOT NULL,
  completed_times integer NOT NULL DEFAULT 0,
  PRIMARY KEY (access_id, exam_id)
);

CREATE TABLE login_failures (
  key text PRIMARY KEY,
  count integer NOT NULL DEFAULT 0,
  first_at timestamp with time zone NOT NULL DEFAULT now(),
  locked_until timestamp with time zone
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);

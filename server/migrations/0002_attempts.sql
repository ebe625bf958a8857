-- At most one running attempt per student and exam: two concurrent starts cannot both create one
-- (the exam-access row lock does not help a student who has no access record).
CREATE UNIQUE INDEX attempts_running_uq ON attempts (user_id, exam_id) WHERE status = 'running';

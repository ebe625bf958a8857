/** Row → JSON shapes of shared-api's types.ts. Never expose password_hash or token_version. */
import { sql, type SQL } from 'drizzle-orm';
import type { users, User as UserRow } from './db/schema.ts';
import type { AuthInstitute, Role, User as UserJson, UserInfo } from 'shared-api/types';

type UserLike = Omit<UserRow, 'passwordHash'> & { passwordHash?: string };

export function displayName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** displayName() in SQL, for searching and sorting by name (`u`: the users table or an alias of it). */
export function displayNameSql(u: typeof users): SQL<string> {
  return sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;
}

export function toUserJson(row: UserLike): UserJson {
  return {
    _id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    name: displayName(row),
    phone: row.phone,
    image: row.image,
    address: row.address,
    status: row.status === 1 ? 1 : 0,
    info: row.info,
    role: row.role as Role,
    institute_role: row.instituteRole === 1 ? 1 : 0,
    created_by: row.createdBy ?? null,
    user_uid: row.userUid,
    auth_type: row.authType,
    time_zone: row.timeZone,
    language: row.language === 'ne' ? 'ne' : 'en',
    createdAt: row.createdAt.toISOString(),
  };
}

export function toInstituteJson(row: UserLike): AuthInstitute {
  return {
    _id: row.id,
    name: displayName(row),
    email: row.email,
    phone: row.phone,
    address: row.address,
    image: row.image,
    time_zone: row.timeZone,
  };
}

export function toUserInfoJson(row: UserLike): UserInfo {
  return {
    _id: row.id,
    name: displayName(row),
    role: row.role as Role,
    image: row.image,
    user_uid: row.userUid,
    email: row.email,
  };
}

import type { Category as CategoryRow, Exam as ExamRow } from './db/schema.ts';
import type { Exam as ExamJson, ExamType, ReviewPolicy } from 'shared-api/types';

export function toExamJson(
  row: ExamRow,
  category: Pick<CategoryRow, 'id' | 'title'> | null,
  owner: { id: string; firstName: string; lastName: string } | null,
  questionCount: number,
): ExamJson {
  return {
    _id: row.id,
    title: row.title,
    type: row.type as ExamType,
    is_cbt: row.isCbt,
    status: row.status === 1 ? 1 : 0,
    category: category ? { _id: category.id, title: category.title } : null,
    exam: row.refExam,
    user: { _id: row.userId, name: owner ? displayName(owner) : '' },
    question_count: questionCount,
    createdAt: row.createdAt.toISOString(),
    play_limit: row.playLimit ?? null,
    review_policy: row.reviewPolicy as ReviewPolicy,
  };
}

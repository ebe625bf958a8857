/** Exam categories: everyone in the back office reads them, admins add and delete them. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Category as CategoryJson } from 'shared-api/types';
import { categorySchema } from 'shared-api/schemas/authoring';
import type { AuthUser } from '../auth/index.ts';
import type { Database, Db } from '../db/index.ts';
import { categories, exams } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { check } from '../validate.ts';

const toCategoryJson = (c: { id: string; title: string }): CategoryJson => ({ _id: c.id, title: c.title });

export async function listCategories(db: Db): Promise<CategoryJson[]> {
  return (await db.select().from(categories).orderBy(asc(categories.title))).map(toCategoryJson);
}

/** A new category: the Add Category dialog's rules (shared-api's categorySchema); its title is unique whatever its case. */
export async function createCategory(database: Database, me: AuthUser, body: { title?: string }): Promise<CategoryJson> {
  const { title } = await check(categorySchema, body);
  const id = newId();
  await database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7411202503)`); // one title check at a time
    const [dup] = await tx.select({ id: categories.id }).from(categories)
      .where(sql`lower(${categories.title}) = lower(${title})`).limit(1);
    if (dup) throw new HttpError(409, 'Category already exists');
    await tx.insert(categories).values({ id, title, createdBy: me.id });
  });
  return toCategoryJson({ id, title });
}

/** Deletes a category no exam uses. */
export async function deleteCategory(db: Db, categoryId: string): Promise<{ _id: string }> {
  const [cat] = isId(categoryId) ? await db.select().from(categories).where(eq(categories.id, categoryId)).limit(1) : [];
  if (!cat) throw new HttpError(404, 'Category Not Found');
  const [used] = await db.select({ id: exams.id }).from(exams)
    .where(and(eq(exams.categoryId, cat.id), isNull(exams.deletedAt))).limit(1);
  if (used) throw new HttpError(409, 'Category is used by an exam');
  await db.delete(categories).where(eq(categories.id, cat.id));
  return { _id: cat.id };
}

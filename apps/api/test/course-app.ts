/** The real app on a fresh database with a signed-in admin and one course (₹1,000, paid at once). */
import { courses } from '../src/db/schema';
import { build } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

export async function buildWithCourse(name: string) {
  const { app, database } = await build();
  const db = database.db;
  const staff = await makeStaff(db);
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const [course] = await db
    .insert(courses)
    .values({ name, pricePaise: 100_000, emiPricePaise: [100_000] })
    .returning();
  return { app, db, auth, course: course! };
}

// The staff list's own statements (apps/api/src/repositories/enrollment-repository.ts), sent
// straight through `pg`: the ids of the courses whose name matches, then the page and its count
// side by side, the count stopping one past the list's cap. Used by the load bench in-process and
// by the bare comparison server.
// The contract's LIST_TOTAL_CAP (a TypeScript module plain Node cannot load here); the load bench
// stops when the API and these statements disagree on any total, so a drift shows at once.
const LIST_TOTAL_CAP = 10_000;

/** Counts the rows `where` picks, no further than one past the cap. @param {string} where */
const upTo = (where) =>
  `(select count(*)::int from (select 1 from "enrollments" ${where} limit ${LIST_TOTAL_CAP + 1}) m)`;
const listColumns = `"enrollments".*, "courses"."id", "courses"."name", "courses"."price_paise",
    (select coalesce(sum("installments"."amount_paise"), 0)::bigint from "installments" where "installments"."enrollment_id" = "enrollments"."id"),
    (select coalesce(sum("installments"."paid_paise"), 0)::bigint from "installments" where "installments"."enrollment_id" = "enrollments"."id"),
    (select coalesce(sum("i"."amount_paise" - "i"."paid_paise"), 0)::bigint from "installments" "i" where dashboard_fees_count("enrollments"."status") and "i"."enrollment_id" = "enrollments"."id" and "i"."due_date" < $1 and "i"."paid_paise" < "i"."amount_paise"),
    (select "d"."id" from "enrollment_documents" "d" where "d"."enrollment_id" = "enrollments"."id" and "d"."field" = 'profilePicture' order by "d"."created_at" desc limit 1)`;
const order = `order by "enrollments"."created_at" desc, "enrollments"."id" desc`;
const rawCourses = `select "id" from "courses" where "courses"."name" ilike $1`;
/** @param {number} p the pattern's parameter */
const columns = (p) =>
  `("enrollments"."name" || E'\\x1f' || "enrollments"."email" || E'\\x1f' || "enrollments"."phone_number" || E'\\x1f' || "enrollments"."enrollment_number") ilike $${p}`;
/** @param {number} first @param {number} n */
const inCourses = (first, n) =>
  `"enrollments"."course_id" in (${Array.from({ length: n }, (_, k) => `$${first + k}`).join(', ')})`;

/**
 * One page of 10 and the total for `term`, as rows of arrays (as drizzle reads them: two columns are called id).
 * @param {import('pg').Pool} pool @param {string} term @param {number} page
 */
export async function rawList(pool, term, page) {
  const today = new Date().toLocaleDateString('sv'); // YYYY-MM-DD, local, as the API's localIsoDate()
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ids = term ? (await pool.query(rawCourses, [like])).rows.map((r) => String(r.id)) : [];
  // The page: $1 today, $2 the limit, $3 the offset, then the course ids and the pattern.
  const pageWhere = !term
    ? ''
    : `where ${ids.length ? `(${inCourses(4, ids.length)} or ${columns(4 + ids.length)})` : columns(4)}`;
  // The count: a course's rows by index, plus the other matches.
  const count = !term
    ? { text: `select ${upTo('')} as n`, values: [] }
    : !ids.length
      ? { text: `select ${upTo(`where ${columns(1)}`)} as n`, values: [like] }
      : {
          text: `select least(${upTo(`where ${inCourses(1, ids.length)}`)}
              + ${upTo(`where not ${inCourses(1, ids.length)} and ${columns(1 + ids.length)}`)}, ${LIST_TOTAL_CAP + 1})::int as n`,
          values: [...ids, like],
        };
  const [rows, total] = await Promise.all([
    pool.query({
      rowMode: 'array',
      text: `select ${listColumns} from "enrollments" inner join "courses" on "courses"."id" = "enrollments"."course_id"
          where "enrollments"."id" in (select "id" from "enrollments" ${pageWhere} ${order} limit $2 offset $3) ${order}`,
      values: [today, 10, (page - 1) * 10, ...(term ? [...ids, like] : [])],
    }),
    pool.query(count),
  ]);
  const counted = /** @type {number} */ (total.rows[0].n);
  return { rows: rows.rows, total: Math.min(counted, LIST_TOTAL_CAP), totalIsCapped: counted > LIST_TOTAL_CAP };
}

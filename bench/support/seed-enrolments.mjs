// Enrolments with schedules and some payments, straight into the database, as many as asked: common
// Indian first and last names, emails at the usual providers, 10-digit mobiles starting with 6–9, so
// the staff's real search terms (list-search-terms.txt) match what they would match in use.
const firstNames = `Aarav Aditya Akash Amit Ananya Anjali Arjun Aarti Deepak Deepika Divya Gaurav Harpreet Ishaan
  Kavya Kavita Karan Lakshmi Manish Meera Mohammed Neha Nikhil Pooja Pradeep Priya Rahul Rajesh Ravi Rohan Sandeep
  Sanjay Shreya Siddharth Sneha Suresh Swati Tanvi Thomas Varun Vikram Vivek Yash Zoya Ayesha Farhan Banu Gurpreet
  Joseph Mary Sunita Ramesh Lalitha Venkatesh Bhavana Kiran Esha Aakash Ritesh`.split(/\s+/);
const lastNames = `Sharma Verma Gupta Kumar Singh Patel Shah Reddy Rao Iyer Nair Menon Pillai Joshi Kulkarni Deshpande
  Mehta Kapoor Khan Siddiqui Ansari Das Banerjee Chatterjee Mukherjee Bose Ghosh Fernandes Dsouza Thomas Gowda Naidu
  Chauhan Yadav Mishra Pandey Tiwari Agarwal Jain Malhotra Kaur Gill Sandhu Bhat Hegde Shetty Krishnan Subramanian`.split(
  /\s+/,
);
// Weighted as people's addresses are: mostly Gmail.
const domains = `gmail.com gmail.com gmail.com gmail.com gmail.com yahoo.co.in yahoo.co.in yahoo.com outlook.com
  hotmail.com rediffmail.com icloud.com`.split(/\s+/);
/** @param {string[]} a */
const pgArray = (a) => `array[${a.map((v) => `'${v}'`).join(',')}]`;
/**
 * `count` enrolments (numbered without a clash past 999,999) of the five courses already there,
 * three installments each, the first paid when due; then the database is vacuumed.
 * @param {import('pg').Client} db @param {number} count
 */
export async function seedEnrolments(db, count) {
  await db.query(`
  insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address, permanent_address,
    currently_working, currently_working_place, payment_method, company_address, created_at)
  select 'ENR-2026-' || lpad(g::text, greatest(6, length(g::text)), '0'), (select id from courses order by name offset (g % 5) limit 1),
    (array['pending','approved','approved','completed','cancelled'])[1 + g % 5], fn || ' ' || ln,
    lower(fn) || (array['.', '_', ''])[1 + g % 3] || lower(ln) || g || '@' || dom,
    (6 + abs(hashint4(g + 3)) % 4)::text || lpad((abs(hashint4(g + 5)) % 1000000000)::text, 9, '0'),
    'Pune', 'Pune', 'college', 'COEP', 'installment', 'X', now() - (g % 365) * interval '1 day'
  from (
    select g, f[1 + abs(hashint4(g)) % array_length(f, 1)] fn, l[1 + abs(hashint4(g + 1)) % array_length(l, 1)] ln,
      d[1 + abs(hashint4(g + 2)) % array_length(d, 1)] dom
    from generate_series(1, ${count}) g,
      (select ${pgArray(firstNames)} f, ${pgArray(lastNames)} l, ${pgArray(domains)} d) lists
  ) people`);
  await db.query(`insert into installments (enrollment_id, number, amount_paise, due_date)
  select e.id, n, 1000000, (e.created_at::date + (n - 1) * 30) from enrollments e, generate_series(1, 3) n`);
  await db.query(`insert into payments (enrollment_id, installment_id, amount_paise, mode, paid_on, receipt_number)
  select i.enrollment_id, i.id, 1000000, 'cash', i.due_date, 'RCPT-B-' || row_number() over () from installments i where i.number = 1 and i.due_date <= current_date`);
  await db.query(
    `update installments i set paid_paise = p.paid from (select installment_id, sum(amount_paise) as paid from payments group by installment_id) p where p.installment_id = i.id`,
  );
  // Vacuumed as a table of that size would be (autovacuum would get there within a minute or so):
  // settled visibility map, and no trigram entries waiting in a GIN index's pending list.
  await db.query('vacuum analyze');
}

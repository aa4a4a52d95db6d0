// The bare comparison server: node:http and pg, no framework, no validation, no session. It runs
// the staff list's own statements (GET /list?search=&page=) and a plain insert-returning of an
// inquiry (POST /inquiry) on the database of DATABASE_URL, port PORT.
import http from 'node:http';
import pg from 'pg';
import { rawList } from './list-sql.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const insert = `insert into inquiries (name, address, email, phone_number, area_of_interest, reference)
  values ($1, $2, $3, $4, $5, $6) returning *`;

const server = http.createServer((req, res) => {
  /** @param {number} status @param {unknown} body */
  const send = (status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const fail = (/** @type {unknown} */ e) => send(500, { error: String(e) });
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'GET' && url.pathname === '/list') {
    rawList(pool, url.searchParams.get('search') ?? '', Number(url.searchParams.get('page') ?? 1))
      .then(({ rows, total }) => send(200, { items: rows, total }))
      .catch(fail);
    return;
  }
  if (req.method === 'POST' && url.pathname === '/inquiry') {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const b = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      pool
        .query(insert, [b.name, b.address, b.email, b.phoneNumber, JSON.stringify(b.areaOfInterest), b.reference])
        .then((r) => send(201, { data: r.rows[0] }))
        .catch(fail);
    });
    return;
  }
  send(404, {});
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));

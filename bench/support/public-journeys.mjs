// What a visitor does on each public page, for the bundle bench: every script the page fetches
// along the way is counted, not only those before network idle. Each journey ends on what the
// visitor sees when it is done (the thank-you modal, the claim form's answer).
import fs from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

const fixture = (/** @type {string} */ name) => path.join(root, 'e2e', 'fixtures', name);
const suffix = Date.now().toString(36);
export const COURSE = `Bench Course ${suffix}`;

/** Creates the course the forms choose. @param {string} base @param {string} token */
export async function createCourse(base, token) {
  const res = await fetch(`${base}/api/course`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: COURSE, price: 24000, emiPrice: [12000, 12000] }),
  });
  if (res.status !== 201) throw new Error(`course not created: ${res.status} ${await res.text()}`);
}

/** @param {import('playwright-core').Locator} locator */
async function visible(locator, timeout = 20_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/**
 * The inquiry form: a bad phone number seen, then every field filled and sent.
 * @param {import('playwright-core').Page} page @param {string} base
 */
export async function inquiryJourney(page, base) {
  await page.goto(`${base}/student-inquiry`);
  await visible(page.getByRole('checkbox', { name: COURSE }));
  const phone = page.getByLabel(/^Phone number/);
  await phone.fill('0123456789');
  await phone.blur();
  await page.getByLabel(/^Name/).fill('मीरा जोशी');
  await page.getByLabel(/^Address/).fill('14 Lake View Road, Nagpur');
  await page.getByLabel(/^Email/).fill(`bench.inquiry.${suffix}@example.com`);
  await phone.fill('9812345670');
  await page.getByLabel(/^Currently working as/).selectOption('college');
  await page.getByRole('checkbox', { name: COURSE }).check();
  await page.getByLabel(/^How did you hear about us/).selectOption('friend');
  await page.getByLabel("Friend's name").fill('Rahul');
  await page.getByRole('button', { name: 'Submit' }).click();
  await visible(page.getByRole('dialog', { name: 'Thank you!' }));
}

/** Draws a few strokes on the signature pad. @param {import('playwright-core').Page} page */
async function drawSignature(page) {
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.5, 0.8],
    [0.85, 0.4],
  ].map((p) => /** @type {[number, number]} */ (p)))
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
  await page.mouse.up();
}

/**
 * The enrolment form filled as enrollment.spec.ts does it, with three files and a drawn signature,
 * through the thank-you modal. Returns the email it enrolled.
 * @param {import('playwright-core').Page} page @param {string} base
 */
export async function enrolmentJourney(page, base) {
  const email = `bench.enrol.${suffix}@example.com`;
  await page.goto(`${base}/student-enrollment`);
  await page.getByLabel(/^Full name/).focus();
  await visible(page.getByRole('option', { name: new RegExp(COURSE) }).or(page.getByLabel(/^Course/)));
  await page.getByLabel(/^Full name/).fill('मीरा नायर');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone number/).fill('9845012345');
  await page.getByLabel(/^Current address/).fill('4 Marine Drive, Kochi');
  await page.getByRole('checkbox', { name: 'Permanent address same as current address' }).check();
  await page.getByLabel(/^Course/).selectOption({ label: `${COURSE} (₹24,000)` });
  await page.getByRole('radio', { name: 'In installments' }).check();
  await page.getByLabel(/^Payment mode/).selectOption('online_payment');
  await page.getByLabel(/^Currently working at/).selectOption('company');
  await page.getByLabel(/^Company name/).fill('Backwater Software');
  await page.getByLabel(/^Profile picture/).setInputFiles(fixture('profile.jpg'));
  await page.getByLabel(/^Aadhaar card, front/).setInputFiles(fixture('aadhaar-front.png'));
  await page.getByLabel(/^Aadhaar card, back/).setInputFiles(fixture('aadhaar-back.pdf'));
  await page.getByRole('button', { name: 'Draw my signature instead' }).click();
  await drawSignature(page);
  await visible(page.getByAltText('Preview of signature.png'));
  await page.getByRole('button', { name: 'Submit enrolment' }).click();
  await visible(page.getByRole('dialog', { name: 'Thank you!' }), 30_000);
  return email;
}

/** The student's link from the enrolment mail the server wrote as a `.eml` file. @param {string} dataDir @param {string} email */
export async function studentLink(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 300; i += 1) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      if (!file.endsWith('.eml')) continue;
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (!raw.includes(email)) continue;
      // Quoted-printable soft breaks and `=3D` are all that can split or hide the link.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /\/my\/[A-Za-z0-9_-]{43}/.exec(text);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no enrolment mail with a link for ${email}`);
}

/**
 * The student's page with Pay and "I have paid" open, a report with a short UTR refused.
 * @param {import('playwright-core').Page} page @param {string} base @param {string} link
 */
export async function studentPageJourney(page, base, link) {
  await page.goto(`${base}${link}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Your enrolment' }));
  await visible(page.getByRole('button', { name: /^Pay .* online$/ }));
  await visible(page.getByRole('heading', { name: 'I have paid' }));
  await page.getByLabel('UPI reference (UTR)').fill('123');
  await page.getByRole('button', { name: 'Report payment' }).click();
  await visible(page.getByText('A UPI reference (UTR) is 12 digits'));
}

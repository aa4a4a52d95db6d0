/**
 * The public forms in Hindi on a 360 × 740 phone: the visitor switches the language, the page's
 * `lang` follows, the contract's messages come in Hindi, the thank-you modals are Hindi, the choice
 * is remembered after a reload, and the inquiry and enrolment are stored with language 'hi'. The
 * server's own sentences (a toast, a refused field) show in Hindi, and a visitor who chose Hindi
 * gets each public page's top in Hindi from the first paint, before any script of the app has run.
 * While the institute charges GST, a tax-exclusive course says the GST added to its fee in both
 * languages. axe on each step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createCourse, findInquiries, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { withGstOn } from '../support/gst';

const hi = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'packages/contract/src/locales/hi.json'), 'utf8'),
) as Record<string, string>;
const suffix = Date.now().toString(36);
const COURSE = `Hindi Course ${suffix}`;
const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);
/** A label as a pattern: the required mark and hint come after it. */
const label = (id: string) => new RegExp(`^${hi[id]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

test.beforeAll(async ({ request }) => {
  await createCourse(request, await signInByApi(request), { name: COURSE, price: 24000, emiPrice: [12000, 12000] });
});

async function switchToHindi(page: Page) {
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
}

test.describe('the public forms in Hindi', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('a visitor asks about a course in Hindi', async ({ page, request }) => {
    test.slow(); // one long journey; a busy CI machine needs more than 30 s
    const email = `hindi.inquiry.${suffix}@example.com`;
    await page.goto('/student-inquiry');
    await switchToHindi(page);
    await expect(page.getByRole('heading', { level: 1, name: hi['inquiry.title'] })).toBeVisible();
    const course = page.getByRole('checkbox', { name: COURSE });
    await expect(course).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: hi['inquiry.submit'] }).click();
    await expect(page.getByText(hi['messages.nameRequired']!)).toBeVisible();
    await expect(page.getByText(hi['messages.referenceRequired']!)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(label('inquiry.name')).fill('मीरा जोशी');
    await page.getByLabel(label('inquiry.address')).fill('14 लेक व्यू रोड, नागपुर');
    await page.getByLabel(label('inquiry.email')).fill(email);
    await page.getByLabel(label('inquiry.phone')).fill('9812345670');
    await course.check();
    await page.getByLabel(label('inquiry.reference')).selectOption('website');

    // The server refuses an area of interest that is not on its list: its sentence comes in Hindi.
    await page.route('**/api/inquiry', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, areaOfInterest: ['No such course'] }) });
    });
    await page.getByRole('button', { name: hi['inquiry.submit'] }).click();
    const refused = hi['messages.inquiry.unknownAreaOfInterest']!;
    await expect(page.locator('#inq-areas-error')).toHaveText(refused); // on the field
    await expect(page.locator('.inq-notice--error')).toHaveText(refused); // above the button
    await page.unrouteAll();

    await page.getByRole('button', { name: hi['inquiry.submit'] }).click();
    // The server's "received" toast, in Hindi.
    await expect(page.getByText(hi['messages.inquiry.received']!)).toBeVisible();
    const dialog = page.getByRole('dialog', { name: hi['thanks.title'] });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('हमें आपकी पूछताछ मिल गई है');
    await expect(dialog).toContainText(email);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: hi['thanks.ok'] }).click();

    // Ok reloads the page: the language is remembered.
    await expect(page.getByRole('heading', { level: 1, name: hi['inquiry.title'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    const [stored] = await findInquiries(request, await signInByApi(request), email);
    expect(stored?.language).toBe('hi');
  });

  test('a visitor enrols in Hindi', async ({ page, request }) => {
    test.slow(); // one long journey with uploads
    const email = `hindi.enrol.${suffix}@example.com`;
    await expect(async () => {
      await page.goto('/student-enrollment');
      await page.getByLabel(/^Full name|^पूरा नाम/).focus(); // starting to fill in loads the rest of the form
      await expect(page.getByRole('option', { name: new RegExp(COURSE) })).toBeAttached({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await switchToHindi(page);
    await expect(page.getByRole('heading', { level: 1, name: hi['enrol.title'] })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: hi['enrol.submit'] }).click();
    await expect(page.getByText(hi['messages.profilePictureRequired']!)).toBeVisible();
    await expect(page.getByText(hi['messages.courseIdRequired']!)).toBeVisible();

    await page.getByLabel(label('enrol.name')).fill('मीरा नायर');
    await page.getByLabel(label('enrol.email')).fill(email);
    await page.getByLabel(label('enrol.phone')).fill('9845012399');
    await page.getByLabel(label('enrol.currentAddress')).fill('4 मरीन ड्राइव, कोच्चि');
    await page.getByRole('checkbox', { name: hi['enrol.sameAddress'] }).check();
    await page.getByLabel(label('enrol.course')).selectOption({ label: `${COURSE} (₹24,000)` });
    await page.getByRole('radio', { name: hi['enrol.paymentMethod.installment'] }).check();
    await expect(page.getByLabel(`${hi['enrol.fees.installment']!.replace('{number}', '1')}`)).toHaveValue('₹12,000');
    await expect(page.getByText('2 किस्तें')).toBeVisible();
    await page.getByLabel(label('enrol.working')).selectOption('other');
    await page.getByLabel(label('enrol.place.other')).fill('घर से पढ़ाई');
    await page.getByLabel(label('enrol.doc.profilePicture')).setInputFiles(fixture('profile.jpg'));
    await page.getByLabel(label('enrol.doc.aadharFront')).setInputFiles(fixture('aadhaar-front.png'));
    await page.getByLabel(label('enrol.doc.aadharBack')).setInputFiles(fixture('aadhaar-back.pdf'));
    await expect(page.getByAltText('profile.jpg का पूर्वावलोकन')).toBeVisible();
    // The heading is the terms' own name once they load (staff write it, in English), the catalogue's before.
    await page.locator('#terms-title').scrollIntoViewIfNeeded();
    await expect(page.locator('#terms')).not.toContainText(hi['enrol.terms.loading']!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: hi['enrol.submit'] }).click();
    const dialog = page.getByRole('dialog', { name: hi['thanks.title'] });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(hi['enrol.thanks.received']!);
    await expect(dialog).toContainText(hi['enrol.thanks.updates']!);
    const number = (await dialog.locator('.enr-number').textContent()) ?? '';
    expect(number).toMatch(/^ENR-\d{4}-\d+$/);
    await expectNoAxeViolations(page);

    const auth = await signInByApi(request);
    const list = await request.get(`/api/student-enrollment?search=${number}`, { headers: auth });
    const [item] = ((await list.json()) as { data: { items: { _id: string }[] } }).data.items;
    const detail = await request.get(`/api/student-enrollment/${item!._id}`, { headers: auth });
    expect(((await detail.json()) as { data: { language: string } }).data.language).toBe('hi');
  });
});

test.describe('a tax-exclusive course on the enrolment form', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('says the GST added to its fee, in English and in Hindi', async ({ page, request }) => {
    test.slow();
    const auth = await signInByApi(request);
    const name = `GST Exclusive ${suffix}`;
    const courseId = await createCourse(request, auth, { name, price: 30000, emiPrice: [15000, 15000] });
    const exclusive = await request.put(`/api/course/${courseId}`, {
      headers: auth,
      data: { taxInclusive: false, gstRate: 18 },
    });
    expect(exclusive.status(), await exclusive.text()).toBe(200);
    await withGstOn(request, auth, async () => {
      await expect(async () => {
        await page.goto('/student-enrollment');
        await page.getByLabel(/^Full name|^पूरा नाम/).focus(); // starting to fill in loads the rest of the form
        await expect(page.getByRole('option', { name: `${name} (₹30,000 + 18% GST)` })).toBeAttached({
          timeout: 2000,
        });
      }).toPass({ timeout: 20_000 });
      await page.getByRole('combobox', { name: /^Course/ }).selectOption(courseId);
      await page.getByRole('radio', { name: 'Full payment' }).check();
      await expect(page.getByText('GST is added to the fee: ₹30,000 + 18% GST = ₹35,400')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);

      await switchToHindi(page);
      await expect(page.getByRole('option', { name: `${name} (₹30,000 + 18% जीएसटी)` })).toBeAttached();
      const note = hi['enrol.fees.gstAdded']!.replace('{price}', '₹30,000').replace('{rate}', '18');
      await expect(page.getByText(note.replace('{total}', '₹35,400'))).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('a visitor who chose Hindi sees Hindi from the first paint', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  const PAGES = [
    { route: '/student-inquiry', heading: hi['inquiry.title']!, english: 'Ask about a course' },
    { route: '/student-enrollment', heading: hi['enrol.title']!, english: 'Enrol in a course' },
    { route: '/my', heading: hi['my.request.title']!, english: 'Get a link to your page' },
  ];

  for (const { route, heading, english } of PAGES) {
    test(`${route}: the HTML paints Hindi before the app's code, and React takes over without a shift`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        localStorage.setItem('registrar.language', 'hi');
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });

      // No script of the app arrives: what shows is what the HTML and its inline script paint.
      await page.route(/\.js(\?|$)/, (request) => request.abort());
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: english })).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const painted = await page.getByRole('heading', { level: 1 }).boundingBox();
      await page.unrouteAll();

      // With the app: the same Hindi heading where the HTML put it, and nothing moved.
      await page.goto(route);
      await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('[data-prerendered-language]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Polled: the box is read from a page React may still be rendering into.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(painted);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      await expectNoAxeViolations(page);
    });
  }

  // The page a student's link opens paints its loading frame in Hindi from the HTML too: before
  // any script, the page cannot know whether the link still works, so any token shows it.
  test("/my/<token>: the HTML paints the loading frame in Hindi before the app's code", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('registrar.language', 'hi'));
    await page.route(/\.js(\?|$)/, (request) => request.abort());
    await page.goto(`/my/${'A'.repeat(43)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: hi['my.title']! })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your enrolment' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText(hi['my.loading']!);
  });
});

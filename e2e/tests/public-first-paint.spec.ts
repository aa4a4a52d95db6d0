/**
 * The public forms paint their top from the HTML itself (so that Lighthouse mobile stays ≥ 0.95): the
 * brand bar, the heading and the lead paragraph (the page's largest paint) come prerendered, so a
 * phone shows them before any script has arrived. React then takes the page over without moving
 * anything: the lead stays where the HTML put it and no layout shift is recorded.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';

const PHONE = { width: 360, height: 740 };

const PAGES = [
  { route: '/student-inquiry', heading: 'Ask about a course', lead: '.inq-lead', ready: /^Name/ },
  { route: '/student-enrollment', heading: 'Enrol in a course', lead: '.enr-lead', ready: /^Full name/ },
];

/** The page with JavaScript off: only what the server's HTML paints. */
async function withoutScripts(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test.describe('public forms paint their top from the HTML', () => {
  test.use({ viewport: PHONE });

  for (const { route, heading, lead, ready } of PAGES) {
    test(`${route}: heading and lead before any script, then React takes over in place`, async ({ browser, page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(route);
      await expect(page.getByLabel(ready)).toBeVisible();
      const rendered = { text: await page.locator(lead).innerText(), box: await page.locator(lead).boundingBox() };
      expect(rendered.text.length).toBeGreaterThan(40);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      const bare = await withoutScripts(browser, route);
      try {
        await expect(bare.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // The page holds its top in every language and shows English unless the visitor chose another.
        await expect(bare.locator(lead)).toHaveCount(2);
        const shown = bare.locator(lead).filter({ visible: true });
        await expect(shown).toHaveCount(1);
        // The same words, in the same place, as the screen React renders.
        expect(await shown.innerText()).toBe(rendered.text);
        expect(await shown.boundingBox()).toEqual(rendered.box);
        await expect(bare.getByText('Loading…')).toHaveCount(0);
        expect(await bare.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      } finally {
        await bare.context().close();
      }
    });
  }

  // A slow phone may paint the page while its HTML is half read. Cut the page after each tag of
  // its header (what the parser would have read by then): whatever that prefix paints must already
  // stand where the whole page puts it, or the rest arriving moves it (a layout shift). The page
  // holds its top once per language and shows the one `<html lang>` names: each language's header
  // is cut in turn, and only what is visible is compared (the hidden copy has no box).
  const TOKEN = 'A'.repeat(43);
  for (const route of [...PAGES.map((p) => p.route), '/my', `/my/${TOKEN}`]) {
    for (const language of ['en', 'hi']) {
      const title = `${route.replace(TOKEN, '<token>')} in ${language}: a half-read header paints nothing that moves when the rest arrives`;
      test(title, async ({ browser }) => {
        const context = await browser.newContext({
          javaScriptEnabled: false,
          viewport: PHONE,
          baseURL: test.info().project.use.baseURL,
        });
        try {
          const page = await context.newPage();
          // Without scripts the head's first-paint script cannot pick the language: the page names it itself.
          const served = await (await page.request.get(route)).text();
          expect(served).toContain('<html lang="en"');
          const html = served.replace('<html lang="en"', `<html lang="${language}"`);
          const copy = html.indexOf(`data-prerendered-language="${language}"`);
          expect(copy).toBeGreaterThan(0);
          const header = { start: html.indexOf('<header', copy), end: html.indexOf('</header>', copy) };
          expect(header.start).toBeGreaterThan(copy);
          const starts = async () =>
            page.evaluate(() =>
              Array.from(document.querySelectorAll('header *')).map((element, index) => {
                const box = element.getBoundingClientRect();
                return { index, visible: element.checkVisibility(), x: Math.round(box.x), y: Math.round(box.y) };
              }),
            );
          let body = html;
          await page.route(route, (request) => request.fulfill({ body, contentType: 'text/html; charset=utf-8' }));
          await page.goto(route);
          const whole = await starts();
          expect(whole.filter((element) => element.visible).length).toBeGreaterThan(3);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          for (let cut = html.indexOf('>', header.start) + 1; cut > 0 && cut <= header.end;) {
            body = html.slice(0, cut);
            await page.goto(route);
            for (const painted of (await starts()).filter((element) => element.visible)) {
              expect
                .soft(painted, `cut after ${JSON.stringify(html.slice(cut - 40, cut))}`)
                .toEqual(whole[painted.index]);
            }
            cut = html.indexOf('>', cut) + 1;
          }
        } finally {
          await context.close();
        }
      });
    }
  }

  test('other routes keep the plain boot shell', async ({ browser }) => {
    const bare = await withoutScripts(browser, '/student-inquires');
    try {
      await expect(bare.locator('[data-prerendered]')).toHaveCount(0);
      await expect(bare.locator('#root')).toContainText('Registrar');
    } finally {
      await bare.context().close();
    }
  });
});

/** What the phone journeys check of a screen's layout. */
import { expect, type Page } from '@playwright/test';

/** No element in main is wider than its box (a pixel of rounding aside), so nothing scrolls sideways. */
export async function expectNothingScrollsSideways(page: Page) {
  const wide = await page
    .getByRole('main')
    .evaluate((main) =>
      [main, ...Array.from(main.querySelectorAll('*'))]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
    );
  expect(wide).toEqual([]);
}

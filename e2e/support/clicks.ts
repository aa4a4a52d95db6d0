/**
 * Counts what a person would press on the way through a screen: a click, a checkbox or radio, a
 * field focused to type in, and a native select (two: open it, pick). The journey asserts the total.
 */
import type { Locator } from '@playwright/test';

export function clickCounter() {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async click(target: Locator) {
      count += 1;
      await target.click();
    },
    async check(target: Locator) {
      count += 1;
      await target.check();
    },
    async fill(target: Locator, value: string) {
      count += 1;
      await target.fill(value);
    },
    async select(target: Locator, option: string | { label: string }) {
      count += 2;
      await target.selectOption(option);
    },
  };
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Every screen passes axe (WCAG 2.x A/AA) with zero violations. Running CSS transitions (a dialog
 * fading in, a toast leaving, a button turning from disabled to enabled) are let finish first:
 * measured halfway, a colour is neither the old nor the new one. One may start a frame after
 * another ends, so the wait lasts until a frame passes with none running (endless ones, such as a
 * spinner, aside), three seconds at most.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = Date.now() + 3000;
    // A toast leaving runs its exit animation, then collapses a frame or more later: in between
    // nothing runs, yet it is still fading, so a leaving toast counts until it is gone.
    const leaving = () =>
      Array.from(document.querySelectorAll('.Toastify__toast[data-in="false"]')).map(
        () => ({ finished: new Promise((resolve) => setTimeout(resolve, 50)) }) as Pick<Animation, 'finished'>,
      );
    const running = (): Pick<Animation, 'finished'>[] => [
      ...document
        .getAnimations()
        .filter(
          (a) => (a.playState === 'running' || a.pending) && a.effect?.getComputedTiming().iterations !== Infinity,
        ),
      ...leaving(),
    ];
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    while (Date.now() < deadline) {
      const now = running();
      if (!now.length) {
        await nextFrame();
        if (!running().length) return;
        continue;
      }
      await Promise.race([
        Promise.all(now.map((a) => Promise.resolve(a.finished).catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
    }
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

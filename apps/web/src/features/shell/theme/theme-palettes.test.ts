import { describe, expect, it } from 'vitest';
import { BAR_THEMES, LAYOUT_THEMES } from '@registrar/contract/constants';
import {
  SIDEBAR_IMAGE_SHOW_THROUGH,
  barPalette,
  blend,
  contrastRatio,
  layoutPalette,
  themeLabel,
  transparentSidebarPalette,
  type BarKind,
  type BarPalette,
} from './theme-palettes';

const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

/** Every background a bar's text can sit on: each stop, also with a white or black image pixel under it. */
function backgrounds(palette: BarPalette): string[] {
  return palette.stops.flatMap((stop) => [
    stop,
    blend('#ffffff', stop, SIDEBAR_IMAGE_SHOW_THROUGH),
    blend('#000000', stop, SIDEBAR_IMAGE_SHOW_THROUGH),
  ]);
}

function expectReadable(name: string, palette: BarPalette) {
  for (const bg of backgrounds(palette)) {
    expect(contrastRatio(palette.text, bg), `${name}: text on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
    // Style 2 tints the active row with the text colour at 12 %.
    expect(contrastRatio(palette.text, blend(palette.text, bg, 0.12)), `${name}: text on tint`).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
    // Style 3 colours the active link's text; styles 2 and 4 draw bars and outlines with it.
    expect(contrastRatio(palette.accent, bg), `${name}: accent on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
    // The filled pill of style 1 must stand out from the bar and the focus ring (text colour) too.
    expect(contrastRatio(palette.activeBg, bg), `${name}: pill edge on ${bg}`).toBeGreaterThanOrEqual(AA_NON_TEXT);
  }
  expect(contrastRatio(palette.activeText, palette.activeBg), `${name}: active text`).toBeGreaterThanOrEqual(AA_TEXT);
}

describe('theme palettes keep WCAG AA contrast', () => {
  for (const kind of ['topbar', 'sidebar', 'footer'] as BarKind[]) {
    for (const theme of BAR_THEMES) {
      it(`${kind} ${theme}`, () => expectReadable(`${kind}/${theme}`, barPalette(kind, theme)));
    }
  }
  for (const theme of LAYOUT_THEMES) {
    it(`layout ${theme} and a transparent sidebar on it`, () => {
      const page = layoutPalette(theme);
      for (const colour of [page.text, page.muted, page.link]) {
        expect(contrastRatio(colour, page.background)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT); // cards on the page
      }
      expectReadable(`transparent/${theme}`, transparentSidebarPalette(theme));
    });
  }

  it('names themes as staff read them', () => {
    expect(themeLabel('gredient3')).toBe('Gradient 3');
    expect(themeLabel('themedefault')).toBe('Default');
    expect(themeLabel('theme7')).toBe('Theme 7');
    expect(themeLabel('sky')).toBe('Sky');
  });

  it('computes contrast like WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6200ea', '#ffffff')).toBeGreaterThan(7);
  });
});

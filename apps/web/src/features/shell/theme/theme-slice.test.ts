import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@registrar/contract/theme-settings';
import { normalizeThemeSettings, themeChanged, themeReplaced, themeSettingSlice } from './theme-slice';

const reduce = themeSettingSlice.reducer;

describe('theme slice (themeSetting)', () => {
  it('starts from the spec defaults', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state).toEqual(DEFAULT_THEME);
    expect(state).toMatchObject({
      toolbarAlignValue: 'below',
      footerAlignValue: 'below',
      toolbarDisplayValue: 'show',
      footerDisplayValue: 'show',
      sidebarTransParentValue: 'off',
      activeLinkStyle: 'style1',
      sidebarMiniValue: 'off',
      layout: 'vertical',
      topbarTheme: 'themedefault',
      sidebarTheme: 'themedefault',
      footerTheme: 'themedefault',
      layoutTheme: 'themedefault',
      sidebarBackgroundImage: 'none',
    });
  });

  it('applies a change and keeps the other choices', () => {
    const state = reduce(DEFAULT_THEME, themeChanged({ layout: 'horizontal', topbarTheme: 'gredient4' }));
    expect(state).toEqual({ ...DEFAULT_THEME, layout: 'horizontal', topbarTheme: 'gredient4' });
  });

  it('ignores values that are not among the theme options', () => {
    const state = reduce(DEFAULT_THEME, themeChanged({ sidebarTheme: 'neon' as never, activeLinkStyle: 'style4' }));
    expect(state.sidebarTheme).toBe('themedefault');
    expect(state.activeLinkStyle).toBe('style4');
  });

  it('replaces with stored settings, or the defaults when there are none', () => {
    const dark = reduce(DEFAULT_THEME, themeReplaced({ ...DEFAULT_THEME, sidebarTheme: 'dark' }));
    expect(dark.sidebarTheme).toBe('dark');
    expect(reduce(dark, themeReplaced(null))).toEqual(DEFAULT_THEME);
    expect(reduce(dark, themeReplaced(undefined))).toEqual(DEFAULT_THEME);
  });

  it('repairs partial or damaged stored settings field by field', () => {
    expect(normalizeThemeSettings({ layout: 'horizontal', footerTheme: 42, extra: true })).toEqual({
      ...DEFAULT_THEME,
      layout: 'horizontal',
    });
    expect(normalizeThemeSettings('nonsense')).toEqual(DEFAULT_THEME);
  });
});

/**
 * Theme customizer state (spec §3 'themeSetting'). Excluded from redux-persist as the spec says;
 * the staff member's choices live with their profile on the server instead (issue 4).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, type ThemeSettings } from '@registrar/contract/theme-settings';

export type ThemeSettingState = ThemeSettings;

export const themeSettingSlice = createSlice({
  name: 'themeSetting',
  initialState: DEFAULT_THEME as ThemeSettingState,
  reducers: {
    themeChanged(state, action: PayloadAction<Partial<ThemeSettings>>) {
      Object.assign(state, action.payload);
    },
    themeReplaced(_state, action: PayloadAction<ThemeSettings | null | undefined>) {
      return { ...DEFAULT_THEME, ...(action.payload ?? {}) };
    },
  },
});

export const { themeChanged, themeReplaced } = themeSettingSlice.actions;

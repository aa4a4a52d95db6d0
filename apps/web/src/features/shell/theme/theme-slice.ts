/**
 * Theme customizer state. Not persisted in the browser;
 * the staff member's choices live with their profile on the server instead.
 *
 * Whatever comes in (a stored profile written by an older version, a hand-edited row) is checked
 * field by field: an unknown value falls back to that field's default instead of breaking the shell.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, themeSettingsSchema, type ThemeSettings } from '@registrar/contract/theme-settings';

export type ThemeSettingState = ThemeSettings;
type ThemeKey = keyof ThemeSettings;

const THEME_KEYS = Object.keys(DEFAULT_THEME) as ThemeKey[];

function validValue<K extends ThemeKey>(key: K, value: unknown): ThemeSettings[K] | undefined {
  const parsed = themeSettingsSchema.shape[key].safeParse(value);
  return parsed.success ? (parsed.data as ThemeSettings[K]) : undefined;
}

/** The valid fields of `input`; anything else is dropped. */
export function pickThemeSettings(input: unknown): Partial<ThemeSettings> {
  if (!input || typeof input !== 'object') return {};
  const source = input as Record<string, unknown>;
  const picked: Partial<Record<ThemeKey, unknown>> = {};
  for (const key of THEME_KEYS) {
    const value = validValue(key, source[key]);
    if (value !== undefined) picked[key] = value;
  }
  return picked as Partial<ThemeSettings>;
}

/** A complete, valid set of settings: the valid fields of `input` over the default settings. */
export function normalizeThemeSettings(input: unknown): ThemeSettings {
  return { ...DEFAULT_THEME, ...pickThemeSettings(input) };
}

export const themeSettingSlice = createSlice({
  name: 'themeSetting',
  initialState: DEFAULT_THEME as ThemeSettingState,
  reducers: {
    /** One or more choices made in the customizer (invalid values are ignored). */
    themeChanged(state, action: PayloadAction<Partial<ThemeSettings>>) {
      Object.assign(state, pickThemeSettings(action.payload));
    },
    /** The settings stored with a profile (null or missing: the defaults). */
    themeReplaced(_state, action: PayloadAction<unknown>) {
      return normalizeThemeSettings(action.payload);
    },
  },
});

export const { themeChanged, themeReplaced } = themeSettingSlice.actions;

export interface ThemeRootState {
  themeSetting: ThemeSettings;
}
export const selectThemeSettings = (state: ThemeRootState) => state.themeSetting;

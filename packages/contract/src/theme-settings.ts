/** Theme customizer settings, stored with the staff member's profile. */
import { z } from 'zod';
import { ACTIVE_LINK_STYLES, BAR_THEMES, DEFAULT_THEME_SETTINGS, LAYOUT_THEMES } from './constants';

export const SIDEBAR_BACKGROUND_IMAGES = ['none', 'image1', 'image2', 'image3', 'image4'] as const;

export const themeSettingsSchema = z.object({
  toolbarAlignValue: z.enum(['above', 'below']),
  footerAlignValue: z.enum(['above', 'below']),
  toolbarDisplayValue: z.enum(['show', 'hide']),
  footerDisplayValue: z.enum(['show', 'hide']),
  sidebarTransParentValue: z.enum(['on', 'off']),
  activeLinkStyle: z.enum(ACTIVE_LINK_STYLES),
  sidebarMiniValue: z.enum(['on', 'off']),
  layout: z.enum(['vertical', 'horizontal']),
  topbarTheme: z.enum(BAR_THEMES),
  sidebarTheme: z.enum(BAR_THEMES),
  footerTheme: z.enum(BAR_THEMES),
  layoutTheme: z.enum(LAYOUT_THEMES),
  sidebarBackgroundImage: z.enum(SIDEBAR_BACKGROUND_IMAGES),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

export const DEFAULT_THEME: ThemeSettings = {
  ...DEFAULT_THEME_SETTINGS,
  topbarTheme: 'themedefault',
  sidebarTheme: 'themedefault',
  footerTheme: 'themedefault',
  layoutTheme: 'themedefault',
  sidebarBackgroundImage: 'none',
};

/**
 * The colours behind every theme name the customizer offers. One table, so the unit tests can prove that
 * each pair of text and background colours keeps WCAG AA contrast (4.5:1 for text, 3:1 for
 * borders and focus rings) on every stop of every gradient, also under a sidebar image.
 *
 * A bar palette is used by the top bar, the sidebar and the footer; `themedefault` differs per bar
 * (white top bar and footer, the brand's deep #241D3B sidebar). Primary colours: #6200ea, #241D3B.
 */
import { BAR_THEMES, LAYOUT_THEMES, PRIMARY_COLOURS } from '@registrar/contract/constants';
import type { ThemeSettings } from '@registrar/contract/theme-settings';

export type BarTheme = (typeof BAR_THEMES)[number];
export type LayoutTheme = (typeof LAYOUT_THEMES)[number];
export type BarKind = 'topbar' | 'sidebar' | 'footer';

export const PRIMARY = PRIMARY_COLOURS[0];
export const SECONDARY = PRIMARY_COLOURS[1];
const INK = '#1d1b26';
const WHITE = '#ffffff';
/** The primary's light tint (Material deep purple A100): the active pill on dark bars. */
const PRIMARY_LIGHT = '#b388ff';

export interface BarPalette {
  /** Background: one colour, or the stops of a top-to-bottom / left-to-right gradient. */
  stops: readonly string[];
  /** Text and icons. */
  text: string;
  /** The active link of style 1 (filled) and the avatar: background and text. */
  activeBg: string;
  activeText: string;
  /** The active link of style 3 (coloured text), the bar of style 2 and the outline of style 4. */
  accent: string;
}

const light = (stops: readonly string[], accent: string = PRIMARY): BarPalette => ({
  stops,
  text: INK,
  activeBg: PRIMARY,
  activeText: WHITE,
  accent,
});
/** Dark and gradient bars: white text, an inverted (white) active pill and a warm amber accent. */
const dark = (stops: readonly string[], accent = '#ffe08a'): BarPalette => ({
  stops,
  text: WHITE,
  activeBg: WHITE,
  activeText: SECONDARY,
  accent,
});

const SHARED_BAR_PALETTES: Record<Exclude<BarTheme, 'themedefault'>, BarPalette> = {
  dark: { stops: ['#1f1f2e'], text: '#f4f4f8', activeBg: PRIMARY_LIGHT, activeText: INK, accent: '#c9a7ff' },
  light: light(['#f8f9fb'], '#5000c8'),
  sky: { stops: ['#e1f3fd'], text: '#0b2e4a', activeBg: '#0a5d94', activeText: WHITE, accent: '#0a5387' },
  gredient1: dark([PRIMARY, SECONDARY]),
  gredient2: dark(['#0f2027', '#2c5364']),
  gredient3: dark(['#8e0e00', '#1f1c18']),
  gredient4: dark(['#0b4f3c', '#13294b']),
  gredient5: dark(['#4a1869', '#8e1f50']),
  gredient6: dark(['#1a2a6c', '#a11d1d']),
  gredient7: dark(['#3c1053', '#7b3260']),
  gredient8: dark(['#004f82', '#363795']),
};

const DEFAULT_BAR_PALETTES: Record<BarKind, BarPalette> = {
  topbar: light([WHITE]),
  sidebar: { stops: [SECONDARY], text: WHITE, activeBg: PRIMARY_LIGHT, activeText: INK, accent: '#d1b3ff' },
  footer: light([WHITE]),
};

export function barPalette(kind: BarKind, theme: BarTheme): BarPalette {
  return theme === 'themedefault' ? DEFAULT_BAR_PALETTES[kind] : SHARED_BAR_PALETTES[theme];
}

export interface LayoutPalette {
  background: string;
  text: string;
  muted: string;
  link: string;
}

const LAYOUT_BACKGROUNDS: Record<LayoutTheme, string> = {
  themedefault: '#f5f4fa',
  theme1: '#ffffff',
  theme2: '#eef1f6',
  theme3: '#fbf5ea',
  theme4: '#e9f5ef',
  theme5: '#f1ebfb',
  theme6: '#e6f0fa',
  theme7: '#f1f1f1',
};

export function layoutPalette(theme: LayoutTheme): LayoutPalette {
  return { background: LAYOUT_BACKGROUNDS[theme], text: INK, muted: '#55536a', link: PRIMARY };
}

/** A transparent sidebar has no colour of its own: it takes the page's colours. */
export function transparentSidebarPalette(theme: LayoutTheme): BarPalette {
  return light([LAYOUT_BACKGROUNDS[theme]], '#5000c8');
}

/** Labels as staff read them: 'gredient3' is the stored name (kept as saved profiles spell it) of "Gradient 3". */
export function themeLabel(theme: BarTheme | LayoutTheme): string {
  if (theme === 'themedefault') return 'Default';
  const gradient = /^gredient(\d)$/.exec(theme);
  if (gradient) return `Gradient ${gradient[1]}`;
  const layout = /^theme(\d)$/.exec(theme);
  if (layout) return `Theme ${layout[1]}`;
  return theme.charAt(0).toUpperCase() + theme.slice(1);
}

/** How much of the sidebar image shows through the sidebar's own colour. */
export const SIDEBAR_IMAGE_SHOW_THROUGH = 0.12;

export const SIDEBAR_IMAGES: Record<Exclude<ThemeSettings['sidebarBackgroundImage'], 'none'>, string> = {
  image1: '/images/sidebar-1.svg',
  image2: '/images/sidebar-2.svg',
  image3: '/images/sidebar-3.svg',
  image4: '/images/sidebar-4.svg',
};

// ---- colour arithmetic (also used by the contrast tests) ----

export function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `top` painted with opacity `alpha` over `bottom` (as browsers blend, in sRGB). */
export function blend(top: string, bottom: string, alpha: number): string {
  const a = parseHex(top);
  const b = parseHex(bottom);
  return toHex(a.map((c, i) => c * alpha + b[i]! * (1 - alpha)));
}

export function rgba(hex: string, alpha: number): string {
  const [r, g, b] = parseHex(hex);
  return `rgb(${r} ${g} ${b} / ${Math.round(alpha * 1000) / 10}%)`;
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** CSS background of a bar; with an image, the image shows faintly through the bar's colour. */
export function barBackground(palette: BarPalette, direction: 'to bottom' | 'to right', image?: string): string {
  const alpha = image ? 1 - SIDEBAR_IMAGE_SHOW_THROUGH : 1;
  const colours = palette.stops.map((stop) => (alpha < 1 ? rgba(stop, alpha) : stop));
  const colour =
    colours.length === 1
      ? `linear-gradient(${colours[0]}, ${colours[0]})`
      : `linear-gradient(${direction}, ${colours.join(', ')})`;
  return image ? `${colour}, url("${image}") center / cover no-repeat, ${palette.stops[0]}` : colour;
}

/** The CSS custom properties a bar's styles read. */
export function barVariables(palette: BarPalette, direction: 'to bottom' | 'to right', image?: string) {
  return {
    '--bar-bg': barBackground(palette, direction, image),
    '--bar-solid': palette.stops[0],
    '--bar-fg': palette.text,
    '--bar-hover': rgba(palette.text, 0.1),
    '--bar-tint': rgba(palette.text, 0.12),
    '--bar-active-bg': palette.activeBg,
    '--bar-active-fg': palette.activeText,
    '--bar-accent': palette.accent,
  } as Record<string, string>;
}

/**
 * Amber and red for states, from the theme's warning and error palettes: dark text on a light tint
 * of the same hue. MUI's warning shades are too light for text on white, so the amber text is the
 * warning's dark shade darkened until it reads at WCAG AA (about 8:1); error.dark reads at about 5:1.
 */
import type { SxProps, Theme } from '@mui/material/styles';
import { alpha, darken } from '@mui/material/styles';

export type Tone = 'warning' | 'error';

/** Text in the tone, on white or on its own tint. */
export const toneText: Record<Tone, (theme: Theme) => string> = {
  warning: (theme) => darken(theme.palette.warning.dark, 0.4),
  error: (theme) => theme.palette.error.dark,
};

/** A chip's or a badge's colours in the tone: its text, a light tint behind it and a softer border. */
export const toneSx = (tone: Tone): SxProps<Theme> => ({
  color: toneText[tone],
  bgcolor: (theme) => alpha(theme.palette[tone].main, 0.08),
  borderColor: (theme) => alpha(theme.palette[tone].main, 0.5),
});

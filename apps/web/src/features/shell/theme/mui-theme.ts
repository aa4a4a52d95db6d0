/** The admin console's MUI theme: the institute's primary palette and the app's type and radius. */
import { createTheme } from '@mui/material/styles';
import { PRIMARY, SECONDARY } from './theme-palettes';

export const adminMuiTheme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: SECONDARY },
    text: { primary: '#1d1b26', secondary: '#55536a' },
    background: { default: '#f5f4fa', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

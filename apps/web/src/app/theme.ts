import type { Section } from '@adstudio/contract';
import { formHelperTextClasses } from '@mui/material/FormHelperText';
import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
    section: Record<Section, string>;
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
    section?: Record<Section, string>;
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    accent: true;
  }
}

/** Spec section 9: breakpoints 600, 960, 1280, 1920; the sidebar becomes temporary below 1264. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
export const MOBILE_BREAKPOINT = 1264;

const sectionColours = {
  dark: {
    campaigns: '#64b5f6',
    assets: '#4db6ac',
    creatives: '#ffb74d',
    profiles: '#ba68c8',
    conditions: '#f06292',
  },
  light: {
    campaigns: '#1565c0',
    assets: '#00796b',
    creatives: '#b54708',
    profiles: '#7b1fa2',
    conditions: '#c2185b',
  },
} satisfies Record<'dark' | 'light', Record<Section, string>>;

export function createAppTheme(dark: boolean): Theme {
  const mode = dark ? 'dark' : 'light';
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: dark ? { main: '#90caf9', contrastText: '#0d1b2a' } : { main: '#1565c0' },
      secondary: dark ? { main: '#ce93d8' } : { main: '#7b1fa2' },
      accent: { main: '#5e35b1', contrastText: '#ffffff' },
      // Dark: a light tint with dark text, like primary; MUI's #f44336 under white text is 3.7:1.
      // `dark` stays deep enough for white text (the alert banner's error background).
      error: dark
        ? { main: '#ef9a9a', light: '#ffcdd2', dark: '#c62828', contrastText: '#0d1b2a' }
        : { main: '#d32f2f', light: '#ef5350', dark: '#c62828', contrastText: '#ffffff' },
      // MUI's own mains; `dark` deep enough for white text (a warning on the alert banner: 5.4:1,
      // where MUI's #e65100 is 4.49:1).
      warning: dark ? { main: '#ffa726', dark: '#b54708' } : { main: '#ed6c02', dark: '#b54708' },
      // Text on any palette colour MUI derives itself meets WCAG AA (4.5:1), not MUI's default 3:1.
      contrastThreshold: 4.5,
      section: sectionColours[mode],
      ...(dark
        ? {
            background: { default: '#121417', paper: '#1b1e23' },
            text: { secondary: 'rgba(255,255,255,0.74)' },
          }
        : { background: { default: '#f4f6f8', paper: '#ffffff' }, text: { secondary: 'rgba(0,0,0,0.66)' } }),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 500 },
      h2: { fontSize: '1.25rem', fontWeight: 500 },
      h3: { fontSize: '1.05rem', fontWeight: 500 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, enableColorOnDark: true } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // Links are underlined, so running text never tells them apart by colour alone (axe
      // link-in-text-block); a link that stands alone as a list's or table's item name says 'hover'.
      MuiLink: { defaultProps: { underline: 'always' } },
      // A disabled field's helper text says why it is disabled or what to do first: it stays
      // readable (axe color-contrast), while the field itself greys out.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({
            [`&.${formHelperTextClasses.disabled}`]: { color: theme.palette.text.secondary },
          }),
        },
      },
    },
  });
}

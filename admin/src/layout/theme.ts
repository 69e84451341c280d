import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { BUTTON_PRESS_SCALE, THEME } from '../constants.js';
import { buttonLook, minHeightSx } from './button-look.js';

/** Whoever asked their system for less motion gets dialogs, menus and notifications without animation. */
const reducedMotion = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const NO_MOTION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/** react-admin's light theme in the archive's colours, type and breakpoints (SPEC section 3). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  ...(reducedMotion ? { transitions: { duration: NO_MOTION } } : {}),
  palette: {
    ...defaultTheme.palette,
    primary: { main: THEME.primary },
    secondary: { main: THEME.secondary },
    success: { main: THEME.success },
    warning: { main: THEME.warning },
    error: { main: THEME.error },
    background: { default: '#f8fafc' },
  },
  typography: { fontFamily: 'Inter, system-ui, sans-serif' },
  breakpoints: {
    values: { xs: 0, sm: THEME.breakpoints.sm, md: THEME.breakpoints.md, lg: THEME.breakpoints.lg, xl: THEME.breakpoints.xl },
  },
  components: {
    ...defaultTheme.components,
    // The shared button's look (SPEC section 9; layout/archive-button.tsx) for react-admin's own
    // buttons too (Save, Confirm, the toolbar's): its heights per size, a slight press, no capitals.
    MuiButton: {
      styleOverrides: {
        root: { textTransform: 'none', fontWeight: 600, '&:active': { transform: `scale(${BUTTON_PRESS_SCALE})` } },
        sizeSmall: minHeightSx(buttonLook('primary', 'sm')),
        sizeMedium: minHeightSx(buttonLook('primary', 'md')),
        sizeLarge: minHeightSx(buttonLook('primary', 'lg')),
      },
    },
  },
};

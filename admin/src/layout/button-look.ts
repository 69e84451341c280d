import { BUTTON_MIN_HEIGHT_PX, BUTTON_MOBILE_MIN_HEIGHT_PX, THEME } from '../constants.js';

/** The shared button's sizes and variants (SPEC section 9). */
export type ButtonSize = keyof typeof BUTTON_MIN_HEIGHT_PX;
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'success' | 'warning' | 'danger';

/** What a size and variant are in MUI's terms. */
export interface ButtonLook {
  variant: 'contained' | 'outlined' | 'text';
  color: 'primary' | 'inherit' | 'success' | 'warning' | 'error';
  size: 'small' | 'medium' | 'large';
  /** Minimum height in px: on a phone, and from the sm breakpoint up. */
  minHeight: { mobile: number; desktop: number };
  /** xs is smaller than MUI's smallest: tighter padding and type. */
  compact: boolean;
}

const VARIANTS: Record<ButtonVariant, Pick<ButtonLook, 'variant' | 'color'>> = {
  primary: { variant: 'contained', color: 'primary' },
  // Neutral, for the second choice beside a primary one.
  secondary: { variant: 'contained', color: 'inherit' },
  outline: { variant: 'outlined', color: 'primary' },
  ghost: { variant: 'text', color: 'primary' },
  success: { variant: 'contained', color: 'success' },
  warning: { variant: 'contained', color: 'warning' },
  danger: { variant: 'contained', color: 'error' },
};

const SIZES: Record<ButtonSize, ButtonLook['size']> = { xs: 'small', sm: 'small', md: 'medium', lg: 'large' };

export function buttonLook(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): ButtonLook {
  return {
    ...VARIANTS[variant],
    size: SIZES[size],
    minHeight: { mobile: BUTTON_MOBILE_MIN_HEIGHT_PX[size], desktop: BUTTON_MIN_HEIGHT_PX[size] },
    compact: size === 'xs',
  };
}

/** The minimum height as a responsive sx value: the phone's below the sm breakpoint. */
export const minHeightSx = (look: ButtonLook) => ({
  minHeight: look.minHeight.mobile,
  [`@media (min-width: ${THEME.breakpoints.sm}px)`]: { minHeight: look.minHeight.desktop },
});

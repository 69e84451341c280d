import CircularProgress from '@mui/material/CircularProgress';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { BUTTON_MIN_HEIGHT_MOBILE_PX, BUTTON_MIN_HEIGHT_PX, BUTTON_PRESS_SCALE, THEME } from '../constants.js';

export type ButtonSize = keyof typeof BUTTON_MIN_HEIGHT_PX;
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'success' | 'warning' | 'danger';

const COLORS: Record<ButtonVariant, { bg: string; fg: string; border: string; hover: string }> = {
  primary: { bg: THEME.primary, fg: '#fff', border: THEME.primary, hover: '#1d4ed8' },
  secondary: { bg: '#e5e7eb', fg: '#111827', border: '#e5e7eb', hover: '#d1d5db' },
  outline: { bg: 'transparent', fg: THEME.primary, border: THEME.primary, hover: '#eff6ff' },
  ghost: { bg: 'transparent', fg: '#374151', border: 'transparent', hover: '#f3f4f6' },
  success: { bg: '#15803d', fg: '#fff', border: '#15803d', hover: '#166534' },
  warning: { bg: '#b45309', fg: '#fff', border: '#b45309', hover: '#92400e' },
  danger: { bg: '#dc2626', fg: '#fff', border: '#dc2626', hover: '#b91c1c' },
};
const PADDING: Record<ButtonSize, string> = { xs: '0 8px', sm: '0 12px', md: '0 16px', lg: '0 22px' };
const FONT: Record<ButtonSize, string> = { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem' };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  loading?: boolean;
  startIcon?: ReactNode;
}

/** The shared button of SPEC section 9: four sizes, seven variants, press scale and a loading state. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { size = 'md', variant = 'primary', loading = false, disabled, children, startIcon, className, style, type = 'button', ...rest },
  ref,
) {
  const c = COLORS[variant];
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      data-size={size}
      className={['ui-button', className].filter(Boolean).join(' ')}
      style={
        {
          '--btn-bg': c.bg,
          '--btn-fg': c.fg,
          '--btn-border': c.border,
          '--btn-hover': c.hover,
          '--btn-min-h': `${BUTTON_MIN_HEIGHT_MOBILE_PX[size]}px`,
          '--btn-min-h-desktop': `${BUTTON_MIN_HEIGHT_PX[size]}px`,
          '--btn-press': String(BUTTON_PRESS_SCALE),
          padding: PADDING[size],
          fontSize: FONT[size],
          ...style,
        } as React.CSSProperties
      }
      {...rest}
    >
      {loading ? <CircularProgress size={14} color="inherit" aria-hidden /> : startIcon}
      <span>{children}</span>
    </button>
  );
});

import Button, { type ButtonProps } from '@mui/material/Button';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import type { To } from 'react-router-dom';
import { BUTTON_PRESS_SCALE } from '../constants.js';
import { buttonLook, minHeightSx, type ButtonSize, type ButtonVariant } from './button-look.js';

export type ArchiveButtonProps = Omit<ButtonProps, 'variant' | 'size'> &
  // With href: a link, opened where these say.
  Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel' | 'download'> & {
    /** primary (default), secondary, outline, ghost, success, warning or danger. */
    variant?: ButtonVariant;
    /** xs, sm, md (default) or lg. */
    size?: ButtonSize;
    /** With component={Link}: where it leads. */
    to?: To;
  };

/**
 * The admin's one button (SPEC section 9): MUI's Button in the spec's sizes and variants, pressed
 * down to 0.98, and while `loading` disabled with a spinner (MUI's own). An explicit `color` tints
 * an outline or ghost button (a red outline for a delete beside others).
 */
export const ArchiveButton = forwardRef<HTMLButtonElement, ArchiveButtonProps>(function ArchiveButton(
  { variant = 'primary', size = 'md', color, sx, loading, ...rest },
  ref,
) {
  const look = buttonLook(variant, size);
  return (
    <Button
      ref={ref}
      variant={look.variant}
      color={color ?? look.color}
      size={look.size}
      loading={loading}
      aria-busy={loading || undefined}
      disableElevation={look.variant === 'contained' && look.color === 'inherit'}
      sx={[
        minHeightSx(look),
        { '&:active': { transform: `scale(${BUTTON_PRESS_SCALE})` } },
        look.compact && { px: 1, py: 0.25, fontSize: '0.75rem', minWidth: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    />
  );
});

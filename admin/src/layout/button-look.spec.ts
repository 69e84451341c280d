import { describe, expect, it } from 'vitest';
import { buttonLook, minHeightSx } from './button-look.js';

describe('the shared button', () => {
  it('is 28, 32, 40 and 48 px high at least for xs, sm, md and lg, and higher on a phone', () => {
    expect(buttonLook('primary', 'xs')).toMatchObject({ size: 'small', compact: true, minHeight: { desktop: 28, mobile: 36 } });
    expect(buttonLook('primary', 'sm')).toMatchObject({ size: 'small', compact: false, minHeight: { desktop: 32, mobile: 40 } });
    expect(buttonLook('primary', 'md')).toMatchObject({ size: 'medium', minHeight: { desktop: 40, mobile: 44 } });
    expect(buttonLook('primary', 'lg')).toMatchObject({ size: 'large', minHeight: { desktop: 48, mobile: 52 } });
    for (const size of ['xs', 'sm', 'md', 'lg'] as const) {
      const { minHeight } = buttonLook('primary', size);
      expect(minHeight.mobile).toBeGreaterThan(minHeight.desktop);
    }
    expect(minHeightSx(buttonLook('ghost', 'sm'))).toEqual({ minHeight: 40, '@media (min-width: 640px)': { minHeight: 32 } });
  });

  it('has the spec’s seven variants in MUI’s terms, md and primary by default', () => {
    expect(buttonLook()).toMatchObject({ variant: 'contained', color: 'primary', size: 'medium' });
    expect(buttonLook('secondary')).toMatchObject({ variant: 'contained', color: 'inherit' });
    expect(buttonLook('outline')).toMatchObject({ variant: 'outlined', color: 'primary' });
    expect(buttonLook('ghost')).toMatchObject({ variant: 'text', color: 'primary' });
    expect(buttonLook('success')).toMatchObject({ variant: 'contained', color: 'success' });
    expect(buttonLook('warning')).toMatchObject({ variant: 'contained', color: 'warning' });
    expect(buttonLook('danger')).toMatchObject({ variant: 'contained', color: 'error' });
  });
});

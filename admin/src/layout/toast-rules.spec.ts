import { createElement } from 'react';
import type { NotificationPayload } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { admitToasts, toastDuration, toastKind } from './toast-rules.js';

const toast = (
  type: NotificationPayload['type'],
  options?: NotificationPayload['notificationOptions'],
  message: NotificationPayload['message'] = 'Saved',
) => ({
  message,
  type,
  notificationOptions: options,
});

describe('toasts', () => {
  it('last 2 s for a success; 4 s for an error, a plain message or a custom one; a loading toast until its work ends', () => {
    expect(toastDuration(toast('success'))).toBe(2000);
    expect(toastDuration(toast('error'))).toBe(4000);
    expect(toastDuration(toast('info'))).toBe(4000);
    expect(toastDuration(toast('warning'))).toBe(4000);
    expect(toastKind(toast('success', {}, createElement('div')))).toBe('custom');
    expect(toastDuration(toast('success', {}, createElement('div')))).toBe(4000);
    const loading = toast('info', { until: new Promise(() => undefined) });
    expect(toastKind(loading)).toBe('loading');
    expect(toastDuration(loading)).toBeNull();
  });

  it('keep the duration a caller gives, null for until closed', () => {
    expect(toastDuration(toast('success', { autoHideDuration: 4000 }))).toBe(4000);
    expect(toastDuration(toast('warning', { autoHideDuration: null }))).toBeNull();
  });

  it('show at most 20 at once, the oldest giving way', () => {
    const shown = Array.from({ length: 18 }, (_, i) => i);
    expect(admitToasts(shown, [18, 19])).toHaveLength(20);
    const after = admitToasts(shown, [18, 19, 20, 21, 22]);
    expect(after).toHaveLength(20);
    expect(after[0]).toBe(3);
    expect(after.at(-1)).toBe(22);
  });
});

import { isValidElement } from 'react';
import type { NotificationPayload } from 'react-admin';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../constants.js';

/** The spec's kinds of toast: react-admin's info and warning are its "blank" ones; a component is "custom". */
export type ToastKind = 'success' | 'error' | 'blank' | 'custom' | 'loading';

/** Options a notification may carry beyond react-admin's: the work a loading toast stays up for. */
export interface ToastOptions {
  until?: Promise<unknown>;
}

export function toastKind(n: NotificationPayload): ToastKind {
  if ((n.notificationOptions as ToastOptions | undefined)?.until) return 'loading';
  if (isValidElement(n.message)) return 'custom';
  if (n.type === 'success' || n.type === 'error') return n.type;
  return 'blank';
}

/**
 * How long a toast stays, in ms, or null for until it is closed (or, loading, until its work
 * ends). A duration the caller gave wins, as with react-admin's useNotify (null: until closed).
 */
export function toastDuration(n: NotificationPayload): number | null {
  const given = n.notificationOptions?.autoHideDuration;
  const kind = toastKind(n);
  if (kind === 'loading') return null;
  if (given !== undefined) return given;
  return TOAST_DURATION_MS[kind];
}

/** The toasts shown once new ones arrive: the newest `limit`, oldest first (the oldest give way). */
export function admitToasts<T>(shown: readonly T[], incoming: readonly T[], limit = TOAST_LIMIT): T[] {
  return [...shown, ...incoming].slice(-limit);
}

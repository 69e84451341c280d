import { lazy, type ComponentType } from 'react';

const KEY = 'archive.chunk-reload-at';
/** A second missing chunk this soon after a reload is missing for good: shown as an error, not reloaded in a loop. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Whether a screen's code that failed to load may be fetched again by reloading the page: once,
 * and not again within the guard time (kept in sessionStorage, across the reload). Records the reload.
 */
export function mayReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  try {
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(KEY, String(now));
    return true;
  } catch {
    // No sessionStorage (a locked-down browser): no guard, so no reload.
    return false;
  }
}

let reloading = false;

/** Reloads the page once for a chunk a new deploy removed; true when the reload is under way. */
function reloadForMissingChunk(): boolean {
  if (reloading) return true;
  if (typeof window === 'undefined' || !mayReload(window.sessionStorage, Date.now())) return false;
  reloading = true;
  window.location.reload();
  return true;
}

/**
 * React.lazy for a screen whose code is a separate chunk. After a new deploy the chunk this page
 * was built with is gone ("Failed to fetch dynamically imported module"): the page reloads once to
 * get the new build's, instead of showing "Something went wrong". A second failure is shown.
 */
// Any props, as React.lazy itself takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(() =>
    load().catch((error: unknown): Promise<{ default: T }> =>
      reloadForMissingChunk() ? new Promise(() => undefined) : Promise.reject(error),
    ),
  );
}

/** Vite's own signal that a chunk's dependency did not load: the same single reload. */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForMissingChunk()) event.preventDefault();
  });
}

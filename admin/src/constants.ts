/** Business constants of SPEC section 9 that only the admin uses; the API's own limits live in contracts/. */
export { TRASH_DEFAULT_PAGE_SIZE as TRASH_PAGE_SIZE } from '../../contracts/catalog.js';

export const HTTP_TIMEOUT_MS = 3_000_000;
export const BATCH_UPLOAD_TIMEOUT_MS = 3_000_000;
export const AUTH_CHECK_TIMEOUT_MS = 3000;
export const CSRF_FETCH_TIMEOUT_MS = 100_000;

/**
 * Toasts (SPEC section 9): how long each kind stays, in ms (a loading toast stays until its work
 * ends), and how many show at once. The dashboard's own toasts last 4 s, its successes too.
 */
export const TOAST_DURATION_MS = { success: 2000, error: 4000, blank: 4000, custom: 4000 } as const;
export const DASHBOARD_TOAST_MS = 4000;
export const TOAST_LIMIT = 20;

// SPEC section 9: cleared on expiry. This server sets only sessionid and csrftoken; the two token
// names are cleared as well so a browser that held them from an earlier deployment is signed out.
export const SESSION_COOKIES = ['jwt_token', 'refresh_token', 'sessionid', 'csrftoken'] as const;
export const LOCAL_AUTH_KEYS = ['authToken', 'user'] as const;

export const QUERY_DEFAULTS = { staleTime: 30_000, gcTime: 600_000, retry: 1, retryDelay: 1000 } as const;
export const ADMIN_LIST_QUERY = { staleTime: 15_000, gcTime: 300_000, maxRetries: 2, retryDelay: 1000 } as const;

export const POEM_PREVIEW_LINES = 4;
export const WIZARD_SCROLL_DELAYS_MS = [500, 1000] as const;
export const DASHBOARD_CARD_STAGGER_S = 0.1;
export const FILE_DROP_MIN_BYTES = 0;
/** How often the wizard and the Reprocess button ask the server how far a scan job has come. */
export const SCAN_POLL_INTERVAL_MS = 1000;

/**
 * The shared button (SPEC section 9): minimum heights per size, larger on a phone (below the sm
 * breakpoint) where a finger, not a pointer, presses it; and its press scale.
 */
export const BUTTON_MIN_HEIGHT_PX = { xs: 28, sm: 32, md: 40, lg: 48 } as const;
export const BUTTON_MOBILE_MIN_HEIGHT_PX = { xs: 36, sm: 40, md: 44, lg: 52 } as const;
export const BUTTON_PRESS_SCALE = 0.98;

/** Zoom steps of a page photograph, in percent of the width it is shown at. */
export const PHOTO_ZOOM_STEPS = [100, 150, 200, 300] as const;
/** The zoom (an index of PHOTO_ZOOM_STEPS) a line outlined on the photo is first shown at: a line of type legible. */
export const LINE_ZOOM_STEP = 2;

export const THEME = {
  primary: '#2563eb',
  /** Accents such as the wizard's 'AI Powered' badge. */
  secondary: '#6d28d9',
  /** AA contrast on white for text and filled buttons. */
  success: '#15803d',
  warning: '#b45309',
  error: '#dc2626',
  breakpoints: { sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 },
  pageMaxWidth: 1200,
  wizardMaxWidth: 1000,
} as const;

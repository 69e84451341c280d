/** Business constants of SPEC section 9, in one place so the UI and the tests agree. */
export const MAX_IMAGES_PER_UPLOAD = 10;
export const DUPLICATE_SIMILARITY_PERCENT = 95;

export const HTTP_TIMEOUT_MS = 3_000_000;
export const BATCH_UPLOAD_TIMEOUT_MS = 3_000_000;
export const AUTH_CHECK_TIMEOUT_MS = 3000;
export const CSRF_FETCH_TIMEOUT_MS = 100_000;

export const TRASH_PAGE_SIZE = 20;
export const TRASH_DEFAULT_PAGE = 1;

export const TOAST_POSITION = 'top-right';
export const TOAST_MAX_VISIBLE = 20;
export const TOAST_DURATION_MS = { error: 4000, blank: 4000, custom: 4000, success: 2000, loading: Infinity } as const;
export const DASHBOARD_TOAST_DURATION_MS = 4000;

export const SESSION_COOKIES = ['jwt_token', 'refresh_token', 'sessionid', 'csrftoken'] as const;
export const LOCAL_AUTH_KEYS = ['authToken', 'user'] as const;

export const QUERY_DEFAULTS = { staleTime: 30_000, gcTime: 600_000, retry: 1, retryDelay: 1000 } as const;
export const PUBLICATIONS_LIST_QUERY = { staleTime: 30_000, gcTime: 600_000, maxRetries: 2, retryDelay: 1000 } as const;
export const ADMIN_LIST_QUERY = { staleTime: 15_000, gcTime: 300_000, maxRetries: 2, retryDelay: 1000 } as const;

export const POEM_PREVIEW_LINES = 4;
export const SCROLL_TO_TOP_DELAY_MS = 100;
export const WIZARD_SCROLL_DELAYS_MS = [500, 1000] as const;
export const DASHBOARD_CARD_STAGGER_S = 0.1;
export const FILE_DROP_MIN_BYTES = 0;
export const FILE_DIALOG_CANCEL_DETECTION_MS = 300;
export const SESSION_REDIRECT_DELAY_MS = 100;
/** How often the wizard asks the server how far a scan job has come. */
export const SCAN_POLL_INTERVAL_MS = 1000;

export const BUTTON_MIN_HEIGHT_PX = { xs: 28, sm: 32, md: 40, lg: 48 } as const;
export const BUTTON_MIN_HEIGHT_MOBILE_PX = { xs: 36, sm: 40, md: 44, lg: 52 } as const;
export const BUTTON_PRESS_SCALE = 0.98;

export const THEME = {
  primary: '#2563eb',
  breakpoints: { sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 },
  pageMaxWidth: 1200,
  wizardMaxWidth: 1000,
} as const;

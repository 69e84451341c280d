/** Sessions: /api/auth/* and the CSRF token endpoint. */

export interface AuthUser {
  username: string;
  is_staff: boolean;
}

/** GET /auth/check/. */
export interface AuthCheckAnswer {
  authenticated: boolean;
  user: AuthUser | null;
}

/** POST /auth/login/. */
export interface LoginRequest {
  username: string;
  password: string;
}
export interface LoginAnswer {
  success: boolean;
  user?: AuthUser | null;
  error?: string | null;
  /** Wrong passwords given for the account since its last sign-in (told once, at this sign-in); null when there were none. */
  failed_logins?: { attempts: number; last_at: string } | null;
}

/** GET /ai_extraction/csrf/. */
export interface CsrfAnswer {
  csrfToken: string;
}

/** GET /health/ (503 when the database does not answer). */
export interface HealthAnswer {
  status: 'ok' | 'degraded' | 'error';
  database: boolean;
  database_engine: 'postgresql' | 'pglite';
  database_error?: string;
  database_latency_ms: number;
  /** The scan queue: in-process, or Redis with whether it answers and has workers. */
  queue: { mode: string; ok: boolean; [detail: string]: unknown };
  /** Where page photos are kept (files on the API's disk, or an S3 bucket) and whether it answers. */
  page_store?: { kind: 'files' | 's3'; ok: boolean; detail?: string };
  time: string;
}

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
}

/** GET /ai_extraction/csrf/. */
export interface CsrfAnswer {
  csrfToken: string;
}

/** GET /health/ (the fields the clients read). */
export interface HealthAnswer {
  status: 'ok' | 'degraded' | 'error';
  database: boolean;
  queue?: { mode: string; ok: boolean; [key: string]: unknown };
}

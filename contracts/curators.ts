/** The curators: everyone who may sign in to the admin (GET/POST /api/curators/, and each one's password and removal). */

export interface Curator {
  id: number;
  username: string;
  created_at: string;
  /** The curator asking. */
  is_you: boolean;
}

export interface AddCuratorRequest {
  username: string;
  password: string;
}

export interface ResetPasswordRequest {
  password: string;
}

export const CURATOR_LIMITS = { username: 150, passwordMin: 8, passwordMax: 200 } as const;

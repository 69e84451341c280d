/** A curator who may sign in to the admin. */
export interface AdminUser {
  id: number;
  username: string;
  is_staff: boolean;
}

/** A curator as kept, with the password's hash. */
export interface StoredUser extends AdminUser {
  password_hash: string;
}

/** A curator as listed: since when they may sign in. */
export interface ListedUser extends AdminUser {
  created_at: Date;
}

/** Failed sign-ins since the account's last successful one. */
export interface FailedLogins {
  attempts: number;
  lastAt: Date;
}

/**
 * The admin as signed in, with the failed sign-ins to tell them of and the token their browser
 * keeps to be trusted at its next sign-in (only on the login request).
 */
export interface SignedInUser extends AdminUser {
  failedLogins: FailedLogins | null;
  deviceToken: string;
}

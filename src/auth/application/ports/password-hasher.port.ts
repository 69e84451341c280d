/** How passwords are kept: as slow, salted hashes. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether the password is the one hashed; false for a malformed hash too. */
  verify(hash: string, password: string): Promise<boolean>;
  /** A hash to verify against when there is no user, so an unknown name takes as long as a known one. */
  dummyHash(): Promise<string>;
}

export const PASSWORD_HASHER = Symbol('PASSWORD_HASHER');

import argon2 from 'argon2';
import type { PasswordHasher } from '../application/ports/password-hasher.port.js';

/** argon2id with the library's current recommended cost (OWASP-level memory hardness). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps the time of a login for an unknown user close to a known one.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword('not-a-real-password'));
}

export const argon2PasswordHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword, dummyHash: dummyPasswordHash };

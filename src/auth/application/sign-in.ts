import { Inject, Injectable } from '@nestjs/common';
import type { AdminUser, SignedInUser } from '../domain/admin-user.js';
import { LoginThrottle } from './login-throttle.js';
import { PASSWORD_HASHER, type PasswordHasher } from './ports/password-hasher.port.js';
import { USERS, type Users } from './ports/users.port.js';
import { TrustedDevices } from './trusted-devices.js';

export type SignInOutcome =
  | { outcome: 'signed-in'; user: SignedInUser }
  /** Too many failed attempts: none is checked until the window ends. */
  | { outcome: 'throttled'; retryAfterSeconds: number }
  /** No such curator, or a wrong password: the same answer, so names cannot be guessed. */
  | { outcome: 'refused' };

/** A curator signs in with a password; the session then keeps only their id. */
@Injectable()
export class SignIn {
  constructor(
    @Inject(USERS) private readonly users: Users,
    @Inject(PASSWORD_HASHER) private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly devices: TrustedDevices,
  ) {}

  /** `deviceToken`: the one the browser was given at its last sign-in, if any. */
  async attempt(username: string, password: string, address: string, deviceToken: string | undefined): Promise<SignInOutcome> {
    const user = await this.users.findByUsername(username);
    // Counted before the password is checked; a failure simply keeps its count.
    const attempt = await this.throttle.begin(username, address, this.devices.recognise(deviceToken, user));
    if ('retryAfterSeconds' in attempt) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
    const ok = await this.passwords.verify(user?.password_hash ?? (await this.passwords.dummyHash()), password);
    if (!user || !ok || !user.is_staff) {
      if (user) await this.users.noteFailedLogin(user.id);
      return { outcome: 'refused' };
    }
    await this.throttle.succeeded(attempt);
    const failedLogins = await this.users.takeFailedLogins(user.id);
    const signedIn = { id: user.id, username: user.username, is_staff: user.is_staff, failedLogins, deviceToken: this.devices.issue(user) };
    return { outcome: 'signed-in', user: signedIn };
  }

  /** The curator a session belongs to, read fresh, so a removed curator loses access at once. */
  userOfSession(id: number): Promise<AdminUser | null> {
    return this.users.findById(id);
  }
}

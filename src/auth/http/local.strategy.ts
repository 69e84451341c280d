import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { LoginThrottle } from '../application/login-throttle.js';
import { dummyPasswordHash, verifyPassword } from '../infrastructure/password-hasher.js';
import { TrustedDevices } from '../application/trusted-devices.js';
import { UsersRepository, type AdminUser, type FailedLogins } from '../infrastructure/users.repository.js';

export const LOGIN_FAILED = 'Invalid username or password';

/** The admin as signed in, with the failed sign-ins to tell them of (only on the login request). */
export interface SignedInUser extends AdminUser {
  failedLogins: FailedLogins | null;
}

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly users: UsersRepository,
    private readonly throttle: LoginThrottle,
    private readonly devices: TrustedDevices,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, username: string, password: string): Promise<SignedInUser> {
    const address = req.ip ?? 'unknown';
    // Counted before the password is checked; a failure simply keeps its count.
    const attempt = await this.throttle.begin(username, address, this.devices.isTrusted(req, username));
    const user = await this.users.findByUsername(username);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    if (!user || !ok || !user.is_staff) {
      if (user) await this.users.noteFailedLogin(user.id);
      throw new UnauthorizedException({ message: LOGIN_FAILED, success: false, user: null });
    }
    await this.throttle.succeeded(attempt);
    return { id: user.id, username: user.username, is_staff: user.is_staff, failedLogins: await this.users.takeFailedLogins(user.id) };
  }
}

import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { LoginThrottle } from './login-throttle.js';
import { dummyPasswordHash, verifyPassword } from './password-hasher.js';
import { UsersRepository, type AdminUser } from './users.repository.js';

export const LOGIN_FAILED = 'Invalid username or password';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly users: UsersRepository,
    private readonly throttle: LoginThrottle,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, username: string, password: string): Promise<AdminUser> {
    const address = req.ip ?? 'unknown';
    // Counted before the password is checked; a failure simply keeps its count.
    const attempt = await this.throttle.begin(username, address);
    const user = await this.users.findByUsername(username);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    if (!user || !ok || !user.is_staff) {
      throw new UnauthorizedException({ message: LOGIN_FAILED, success: false, user: null });
    }
    await this.throttle.succeeded(attempt);
    return { id: user.id, username: user.username, is_staff: user.is_staff };
  }
}

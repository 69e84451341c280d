import { HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { SignIn } from '../application/sign-in.js';
import type { SignedInUser } from '../domain/admin-user.js';
import { deviceToken } from './device-cookie.js';

export const LOGIN_FAILED = 'Invalid username or password';

/** 429 with the minutes left in the message and the seconds in Retry-After (read by the exception filter). */
export class TooManyLoginAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      {
        message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        success: false,
        user: null,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly signIn: SignIn) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, username: string, password: string): Promise<SignedInUser> {
    const address = req.ip ?? 'unknown';
    const result = await this.signIn.attempt(username, password, address, deviceToken(req));
    if (result.outcome === 'throttled') throw new TooManyLoginAttempts(result.retryAfterSeconds);
    if (result.outcome === 'refused') throw new UnauthorizedException({ message: LOGIN_FAILED, success: false, user: null });
    return result.user;
  }
}

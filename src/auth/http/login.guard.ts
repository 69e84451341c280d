import { BadRequestException, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';

/** Checks the credentials with the local strategy, then starts a session (a new id, against fixation). */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { username, password } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) {
      throw new BadRequestException({ message: 'Username and password are required', success: false, user: null });
    }
    if (username.length > 150 || password.length > 1024) {
      throw new BadRequestException({ message: 'Username or password is too long', success: false, user: null });
    }
    const ok = (await super.canActivate(context)) as boolean;
    await super.logIn(req);
    return ok;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    return user;
  }
}

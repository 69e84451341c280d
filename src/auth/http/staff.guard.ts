import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminUser } from '../domain/admin-user.js';

export function currentUser(req: Request): AdminUser | undefined {
  return req.isAuthenticated?.() ? (req.user as AdminUser) : undefined;
}

export function isStaff(req: Request): boolean {
  return currentUser(req)?.is_staff === true;
}

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';

/** Admin-only endpoints: a staff session or 401. */
@Injectable()
export class StaffGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!isStaff(context.switchToHttp().getRequest<Request>())) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return true;
  }
}

import { UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { isStaff, NOT_AUTHENTICATED } from '../../auth/index.js';
import type { Viewer } from '../application/catalog.contract.js';
import type { Curator } from '../domain/revision.js';

/**
 * Who is reading. Asking for the admin view (admin=true or a status filter) without a staff
 * session is a 401, not a silent public answer, so the admin client notices an expired session.
 */
export function viewerOf(req: Request, wantsAdminView: boolean): Viewer {
  const staff = isStaff(req);
  if (wantsAdminView && !staff) throw new UnauthorizedException(NOT_AUTHENTICATED);
  return { staff: wantsAdminView && staff };
}

/** The signed-in curator a save is recorded under (the guard has made sure there is one). */
export function curatorOf(req: Request): Curator | null {
  const user = req.user as { id?: unknown; username?: unknown } | undefined;
  return typeof user?.id === 'number' && typeof user.username === 'string' ? { id: user.id, username: user.username } : null;
}

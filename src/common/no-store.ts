import type { NextFunction, Request, Response } from 'express';

/**
 * API answers are private unless a handler says otherwise: every answer starts as no-store, and
 * only the public catalog reads replace it with their shared cache policy. So a staff-only or
 * signed-in answer cannot be kept by a browser or proxy because its handler forgot to say so.
 */
export function noStoreByDefault() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

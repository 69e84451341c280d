import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Behind a reverse proxy with TRUST_PROXY off, every visitor has the proxy's address, so the
 * sign-in limits per address count strangers and curators together. Said once in the log, the
 * first time a request arrives through a proxy (it carries X-Forwarded-For), so whoever runs the
 * archive learns of the setting. A curator's own browser is let in regardless (TrustedDevices).
 */
export function warnOfUntrustedProxy(trustProxy: boolean, logger = new Logger('Proxy')) {
  let warned = trustProxy;
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      logger.warn(
        'Requests arrive through a proxy (they carry X-Forwarded-For) but TRUST_PROXY is off: every visitor counts as ' +
          "the proxy's address, so strangers' wrong passwords slow everyone signing in from another browser. " +
          'Set TRUST_PROXY=true when the archive runs behind one reverse proxy.',
      );
    }
    next();
  };
}

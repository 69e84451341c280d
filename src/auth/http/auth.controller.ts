import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthCheckAnswer, AuthUser, CsrfAnswer, LoginAnswer } from '../../../contracts/auth.js';
import { Csrf } from './csrf.js';
import { LoginDto } from './login.dto.js';
import { LoginGuard } from './login.guard.js';
import { currentUser } from './staff.guard.js';
import { SESSION_COOKIE } from './session.config.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { SignedInUser } from '../domain/admin-user.js';
import { setDeviceCookie } from './device-cookie.js';

function publicUser(req: Request): AuthUser | null {
  const user = currentUser(req);
  return user ? { username: user.username, is_staff: user.is_staff } : null;
}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly csrf: Csrf,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('api/auth/login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  @ApiOperation({
    summary: 'Start an admin session; answers {success, user, error, failed_logins}',
    description:
      'failed_logins: the wrong passwords given for the account since its last sign-in ({attempts, last_at}), or null. Sets the archive_device cookie.',
  })
  @ApiBody({ type: LoginDto })
  @ApiTooManyRequestsResponse({
    description:
      'Five failed attempts per username and address, twenty per address, and ten per username from browsers it never signed in on, in 15 minutes; a browser it signed in on (the archive_device cookie, which a new password ends) has ten of its own instead. Retry-After gives the seconds left',
  })
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response): LoginAnswer {
    const user = req.user as SignedInUser;
    setDeviceCookie(res, user.deviceToken, this.config.secureCookies);
    const failed = user.failedLogins;
    return {
      success: true,
      user: publicUser(req),
      error: null,
      failed_logins: failed ? { attempts: failed.attempts, last_at: failed.lastAt.toISOString() } : null,
    };
  }

  @Get('api/auth/check')
  @ApiOperation({ summary: 'Whether the session is signed in; answers {authenticated, user}' })
  check(@Req() req: Request, @Res({ passthrough: true }) res: Response): AuthCheckAnswer {
    res.setHeader('Cache-Control', 'no-store');
    const user = publicUser(req);
    return { authenticated: user !== null, user };
  }

  @Post('api/auth/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session on the server' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (req.session) {
      await new Promise<void>((resolve) => req.logout(() => resolve()));
      await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    }
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  }

  @Get('api/ai_extraction/csrf')
  @ApiOperation({ summary: 'Issue a CSRF token; also set as the readable csrftoken cookie' })
  issueCsrf(@Res({ passthrough: true }) res: Response): CsrfAnswer {
    const token = this.csrf.issue();
    this.csrf.setCookie(res, token);
    res.setHeader('Cache-Control', 'no-store');
    return { csrfToken: token };
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PASSWORD_HASHER, type PasswordHasher } from './ports/password-hasher.port.js';
import { USERS, type Users } from './ports/users.port.js';

/**
 * On first start there is no admin: create one from ADMIN_USERNAME/ADMIN_PASSWORD, or with a
 * generated password printed once. Later starts leave existing admins alone (reset with
 * `npm run admin -- set-password NAME`).
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    @Inject(USERS) private readonly users: Users,
    @Inject(PASSWORD_HASHER) private readonly passwords: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.count()) > 0) return;
    const username = this.config.admin.username ?? 'admin';
    const generated = !this.config.admin.password;
    const password = this.config.admin.password ?? randomBytes(12).toString('base64url');
    await this.users.upsert(username, await this.passwords.hash(password));
    if (generated) {
      this.logger.warn(
        `Created admin user "${username}" with password: ${password}\n` +
          `  This password is shown only once. Change it with: npm run admin -- set-password ${username}`,
      );
    } else {
      this.logger.log(`Created admin user "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
    }
  }
}

import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AdminBootstrap } from './application/admin-bootstrap.service.js';
import { Curators } from './application/curators.js';
import { LoginThrottle } from './application/login-throttle.js';
import { LOGIN_ATTEMPTS } from './application/ports/login-attempts.port.js';
import { PASSWORD_HASHER } from './application/ports/password-hasher.port.js';
import { USERS } from './application/ports/users.port.js';
import { SignIn } from './application/sign-in.js';
import { TrustedDevices } from './application/trusted-devices.js';
import { appSecret } from './infrastructure/app-secrets.js';
import { SqlLoginAttempts } from './infrastructure/login-attempts.sql.js';
import { argon2PasswordHasher } from './infrastructure/password-hasher.js';
import { UsersRepository } from './infrastructure/users.repository.js';

/** The curators and signing in, without HTTP: the use cases and their adapters, and the first admin on first start. */
@Module({
  providers: [
    UsersRepository,
    { provide: USERS, useExisting: UsersRepository },
    { provide: PASSWORD_HASHER, useValue: argon2PasswordHasher },
    { provide: LOGIN_ATTEMPTS, useClass: SqlLoginAttempts },
    LoginThrottle,
    SignIn,
    Curators,
    AdminBootstrap,
    {
      provide: TrustedDevices,
      inject: [getDataSourceToken()],
      useFactory: async (db: DataSource) => new TrustedDevices(await appSecret(db, 'device')),
    },
  ],
  exports: [SignIn, Curators],
})
export class AuthModule {}

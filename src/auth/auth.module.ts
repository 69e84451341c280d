import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AdminBootstrap } from './application/admin-bootstrap.service.js';
import { appSecret } from './infrastructure/app-secrets.js';
import { AuthController } from './http/auth.controller.js';
import { CuratorsController } from './http/curators.controller.js';
import { Csrf, CsrfPendingGuard } from './http/csrf.js';
import { APP_GUARD } from '@nestjs/core';
import { LocalStrategy } from './http/local.strategy.js';
import { LoginThrottle } from './application/login-throttle.js';
import { SessionSerializer } from './http/session.serializer.js';
import { TrustedDevices } from './application/trusted-devices.js';
import { StaffGuard } from './http/staff.guard.js';
import { UsersRepository } from './infrastructure/users.repository.js';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController, CuratorsController],
  providers: [
    UsersRepository,
    LoginThrottle,
    LocalStrategy,
    SessionSerializer,
    StaffGuard,
    AdminBootstrap,
    { provide: APP_GUARD, useClass: CsrfPendingGuard },
    {
      provide: TrustedDevices,
      inject: [getDataSourceToken(), APP_CONFIG],
      useFactory: async (db: DataSource, config: AppConfig) => new TrustedDevices(await appSecret(db, 'device'), config.secureCookies),
    },
    {
      provide: Csrf,
      inject: [getDataSourceToken(), APP_CONFIG],
      useFactory: async (db: DataSource, config: AppConfig) =>
        new Csrf(await appSecret(db, 'csrf', config.sessionSecret), config.secureCookies),
    },
  ],
  exports: [UsersRepository, StaffGuard, Csrf],
})
export class AuthModule {}

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuthModule } from './auth.module.js';
import { AuthController } from './http/auth.controller.js';
import { Csrf, CsrfPendingGuard } from './http/csrf.js';
import { CuratorsController } from './http/curators.controller.js';
import { LocalStrategy } from './http/local.strategy.js';
import { SessionSerializer } from './http/session.serializer.js';
import { StaffGuard } from './http/staff.guard.js';
import { appSecret } from './infrastructure/app-secrets.js';

/** Signing in and out, the curators' API, the staff guard and the CSRF check of every /api change. API process only. */
@Module({
  imports: [AuthModule, PassportModule.register({ session: true })],
  controllers: [AuthController, CuratorsController],
  providers: [
    LocalStrategy,
    SessionSerializer,
    StaffGuard,
    { provide: APP_GUARD, useClass: CsrfPendingGuard },
    {
      provide: Csrf,
      inject: [getDataSourceToken(), APP_CONFIG],
      useFactory: async (db: DataSource, config: AppConfig) =>
        new Csrf(await appSecret(db, 'csrf', config.sessionSecret), config.secureCookies),
    },
  ],
  exports: [StaffGuard, Csrf],
})
export class AuthHttpModule {}

import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { getDataSourceToken } from '@nestjs/typeorm';
import express from 'express';
import helmet from 'helmet';
import type { Server } from 'node:http';
import passport from 'passport';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { THEME_SCRIPT_CSP_SOURCE } from './site/application/theme-script.js';
import { appSecret } from './auth/infrastructure/app-secrets.js';
import { Csrf } from './auth/http/csrf.js';
import { warnOfUntrustedProxy } from './auth/http/proxy-header-warning.js';
import { sessionMiddleware } from './auth/http/session.config.js';
import { DatabaseSessionStore } from './auth/infrastructure/session-store.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { noStoreByDefault } from './common/no-store.js';
import { checkFormBody, checkJsonBody, refuseMalformedText } from './common/request-guards.js';
import type { AppConfig } from './config/app-config.js';
import type { DatabaseOptions } from './database/database.module.js';
import { compressResponses } from './delivery/http/compress-responses.js';
import { PublicReadCache } from './delivery/application/public-read-cache.js';
import { installPublicReads } from './delivery/http/public-reads-handler.js';
import { SessionCheck } from './delivery/http/session-check.js';
import { SitePages } from './site/index.js';
import { isReportSubmissionPath } from '../contracts/reports.js';

export interface CreateAppOptions extends DatabaseOptions {
  logger?: false | ('log' | 'error' | 'warn' | 'debug' | 'verbose')[];
}

/**
 * Builds the API process's application with every middleware in its order. main.ts and the e2e
 * tests both use it, so tests exercise exactly what runs in production.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    bodyParser: false,
    logger: options.logger ?? ['log', 'error', 'warn'],
  });
  await configureApp(app, config);
  limitWaits(app.getHttpServer());
  return app;
}

/**
 * A client that sends its headers slowly, or a connection left idle, holds a socket and never a
 * process: headers must arrive within 15 s, a whole request (ten photos on a slow line) within
 * 5 minutes, and an idle kept-alive connection is closed after 5 s.
 */
function limitWaits(server: Server): void {
  server.headersTimeout = 15_000;
  server.requestTimeout = 300_000;
  server.keepAliveTimeout = 5_000;
}

async function configureApp(app: NestExpressApplication, config: AppConfig): Promise<void> {
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.set('x-powered-by', false);
  app.use(warnOfUntrustedProxy(config.trustProxy));
  app.enableShutdownHooks();
  app.use(compressResponses());
  // One instance for Express and for the reader's pages, which are answered ahead of it.
  const security = securityHeaders(config);
  app.use(security);

  const db = app.get<DataSource>(getDataSourceToken());
  const sessionSecret = await appSecret(db, 'session', config.sessionSecret);
  const store = new DatabaseSessionStore(db);
  app.use(sessionMiddleware(store, sessionSecret, config));
  app.use(passport.initialize());
  app.use(passport.session());
  app.use(express.json({ limit: '2mb', verify: checkJsonBody() }));
  app.use(express.urlencoded({ extended: false, limit: '2mb', verify: checkFormBody() }));
  app.use(refuseMalformedText());
  app.use('/api', noStoreByDefault());
  app.use(
    '/api',
    app.get(Csrf).middleware((req) => req.method === 'POST' && isReportSubmissionPath(req.originalUrl)),
  );

  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());

  const docs = new DocumentBuilder()
    .setTitle('Poetry archive API')
    .setDescription(
      'Catalog, admin sessions and scanning. State-changing calls need the X-CSRFToken header. ' +
        'Errors are JSON {statusCode, message, error, detail, code?}. Text fields refuse control characters (other than tab and line breaks) and ' +
        'bidirectional overrides with 400 naming the field (never stripped); JSON deeper than 64 levels is 400. ' +
        'While the database is unreachable, calls answer 503 with Retry-After and code DATABASE_UNAVAILABLE.',
    )
    .setVersion('1')
    .addCookieAuth('sessionid')
    .build();
  SwaggerModule.setup('api/docs', app as INestApplication, SwaggerModule.createDocument(app as INestApplication, docs));

  // Last, so it wraps every other request handler: the read cache's answers and the reader's
  // pages are sent ahead of Express (a cached answer even while the database is away).
  installPublicReads(app.getHttpServer(), {
    cache: app.get(PublicReadCache),
    sessions: new SessionCheck(sessionSecret, store),
    pages: app.get(SitePages),
    securityHeaders: security,
  });
}

/** The security headers of every answer (helmet): the content security policy of the reader and the admin, and helmet's defaults. */
function securityHeaders(config: AppConfig): ReturnType<typeof helmet> {
  const connectSrc = ["'self'"];
  if (config.webVitalsEndpoint) connectSrc.push(new URL(config.webVitalsEndpoint).origin);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_CSP_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // A reading recorded in the admin is heard back from the browser's memory before it is kept.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
}

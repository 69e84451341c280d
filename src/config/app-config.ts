import { resolve } from 'node:path';
import { OCR_LANGUAGE_CODE, ocrLanguageData } from './ocr-languages.js';

/**
 * The one place the environment is read. Everything else receives an AppConfig, so tests can
 * build one explicitly and nothing depends on process.env at import time.
 */
export interface AppConfig {
  port: number;
  host: string;
  /** API processes sharing the port (WEB_CONCURRENCY); above 1 only with PostgreSQL. */
  apiProcesses: number;
  dataDir: string;
  /** PostgreSQL URL; absent means embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** Connections each process keeps to PostgreSQL. */
  databasePoolSize: number;
  /** Redis URL; absent means the in-process scan queue. */
  redisUrl?: string;
  openai: { apiKey?: string; baseUrl?: string; model: string };
  /** Tesseract languages the offline extractor reads with (OCR_LANGUAGES), each one's data installed. */
  ocrLanguages: string[];
  pageStoreDir: string;
  /** S3-compatible object storage for page photos (S3_BUCKET); absent means files under pageStoreDir. */
  s3?: S3Settings;
  /** Largest accepted upload, per file, in bytes. */
  maxUploadBytes: number;
  /** Largest scanned PDF a whole-book import takes, in bytes (a book's scans run to hundreds of MB). */
  maxPdfBytes: number;
  /** Memory the process that draws a PDF's pages may hold (PDF_PAGE_MEMORY_MB): a page needing more is refused. */
  pdfPageMemoryBytes: number;
  /** Memory each API process may give its cache of public reads; 0 turns it off. */
  readCacheBytes: number;
  /** Scan jobs: BullMQ key prefix, retries, and how fast a dead worker's job is taken over. */
  scanJobs: {
    queuePrefix: string;
    attempts: number;
    backoffMs: number;
    /** A worker's lock on a job; a job whose lock lapses (worker died) is picked up again. */
    lockMs: number;
    concurrency: number;
  };
  admin: { username?: string; password?: string };
  /** Public origin used for canonical links and the sitemap, without a trailing slash. */
  publicUrl: string;
  /** Marks the session cookie Secure; on by default in production, where HTTPS terminates ahead of us. */
  secureCookies: boolean;
  trustProxy: boolean;
  sessionSecret?: string;
  siteSettingsFile?: string;
  webVitalsEndpoint?: string;
  nodeEnv: string;
}

export interface S3Settings {
  bucket: string;
  /** Absent means AWS itself; MinIO and other S3-compatible servers give theirs. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither means the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Addresses the bucket in the path (http://host/bucket/key), as MinIO expects, not in the host name. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  }
  return raw;
}

/** REDIS_URL, whose path, if any, is the database number (redis://host:6379/2). */
function redisUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  if (raw && !/^\/?\d*$/.test(new URL(raw).pathname))
    throw new ConfigError('REDIS_URL may end only in a database number, e.g. redis://host:6379/0');
  return raw;
}

/**
 * OCR_LANGUAGES: Tesseract language codes joined by '+', the first one the main language (eng,
 * eng+deu). Each must have its data installed, so a language that would otherwise be fetched from
 * the internet at the first scan stops the start instead. A book is read with its own language's
 * model (config/ocr-languages.ts); these are for a book whose language has none installed.
 */
function ocrLanguages(env: NodeJS.ProcessEnv): string[] {
  const raw = env.OCR_LANGUAGES?.trim();
  if (!raw) return ['eng'];
  const codes = [...new Set(raw.split('+').map((code) => code.trim()))];
  for (const code of codes) {
    if (!OCR_LANGUAGE_CODE.test(code))
      throw new ConfigError(`OCR_LANGUAGES must be Tesseract language codes joined by "+", e.g. eng+deu, got "${raw}"`);
    if (!ocrLanguageData(code)) {
      throw new ConfigError(
        `OCR_LANGUAGES names "${code}", whose language data is not installed: the archive ships eng, deu, fra, spa, ita, por, nld and lat; install @tesseract.js-data/${code} for another`,
      );
    }
  }
  return codes;
}

// S3's own rules for bucket names: 3-63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
const BUCKET = /^(?!.*\.\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The object store of page photos, chosen by S3_BUCKET alone: its other settings may stay set
 * without it (docker-compose keeps them while S3_BUCKET= picks the files), and are read only with it.
 */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  if (env.PAGE_STORE_DIR)
    throw new ConfigError('PAGE_STORE_DIR and S3_BUCKET are both set: page photos are kept in one store, so set only one');
  if (!BUCKET.test(bucket))
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError(
      `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} must be set with ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`,
    );
  }
  return {
    bucket,
    endpoint,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A server of one's own (MinIO) is reached by path; AWS by the bucket's host name.
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const dataDir = resolve(env.DATA_DIR || './data');
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${int(env, 'PORT', 3000)}`).replace(/\/+$/, '');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const apiProcesses = int(env, 'WEB_CONCURRENCY', 1, 1);
  if (apiProcesses > 1 && !databaseUrl) {
    throw new ConfigError('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process');
  }
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    apiProcesses,
    dataDir,
    databaseUrl,
    // Four in all by default, shared by the API processes (two each at least): more connections
    // than the database has cores only queue inside PostgreSQL, and lengthen the slowest answers.
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', Math.max(2, Math.floor(4 / apiProcesses)), 1),
    redisUrl: redisUrl(env),
    openai: {
      apiKey: env.OPENAI_API_KEY || undefined,
      baseUrl: url(env, 'OPENAI_BASE_URL', ['http:', 'https:']),
      model: env.OPENAI_MODEL || 'gpt-4o',
    },
    ocrLanguages: ocrLanguages(env),
    pageStoreDir: resolve(env.PAGE_STORE_DIR || resolve(dataDir, 'pages')),
    s3: s3Settings(env),
    maxUploadBytes: int(env, 'MAX_UPLOAD_MB', 20, 1) * 1024 * 1024,
    maxPdfBytes: int(env, 'MAX_PDF_MB', 300, 1) * 1024 * 1024,
    pdfPageMemoryBytes: int(env, 'PDF_PAGE_MEMORY_MB', 1536, 64) * 1024 * 1024,
    readCacheBytes: int(env, 'READ_CACHE_MB', 64, 0) * 1024 * 1024,
    scanJobs: {
      queuePrefix: env.SCAN_QUEUE_PREFIX || 'poetry',
      attempts: int(env, 'SCAN_JOB_ATTEMPTS', 3, 1),
      backoffMs: int(env, 'SCAN_JOB_BACKOFF_MS', 5000, 0),
      lockMs: int(env, 'SCAN_JOB_LOCK_MS', 60_000, 1000),
      concurrency: int(env, 'SCAN_WORKER_CONCURRENCY', 1, 1),
    },
    admin: { username: env.ADMIN_USERNAME || undefined, password: env.ADMIN_PASSWORD || undefined },
    publicUrl,
    secureCookies: bool(env, 'SECURE_COOKIES', publicUrl.startsWith('https:')),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    sessionSecret: env.SESSION_SECRET || undefined,
    siteSettingsFile: env.SITE_SETTINGS_FILE || undefined,
    webVitalsEndpoint: url(env, 'WEB_VITALS_ENDPOINT', ['http:', 'https:']),
    nodeEnv,
  };
}

/** Injection token for the AppConfig value. */
export const APP_CONFIG = Symbol('APP_CONFIG');

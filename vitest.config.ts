import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/longest-first-sequencer.js';

// SWC compiles the TypeScript so Nest's decorator metadata survives (esbuild/oxc drop it).
const swcPlugin = swc.vite({
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2023',
    keepClassNames: true,
  },
});

// expect.poll waits up to 1 s by default; on a busy machine a screen or a replica can take longer.
// A passing check still ends as soon as it holds.
const patientPolls = { poll: { timeout: 30_000, interval: 100 } };

// The app's worker threads (the image thread) start from their TypeScript source here: the test
// processes load TypeScript as spawned test processes do, and the threads inherit it.
const typescriptLoader = ['--import', fileURLToPath(new URL('./test/support/worker-process/register.mjs', import.meta.url))];

const unitFiles = ['src/**/*.spec.ts', 'contracts/**/*.spec.ts', 'admin/src/**/*.spec.{ts,tsx}', 'reader/src/**/*.spec.{ts,tsx}'];
const eventLoopFiles = ['src/scanning/infrastructure/images/{image-threads,pdf-pages}.spec.ts'];

export default defineConfig({
  plugins: [swcPlugin],
  test: {
    // Three files at a time on the two-core machines the suites are written for: the browser and
    // process files spend much of their time waiting (a notification closing, a process starting,
    // a stub answering), and a third file keeps both cores at work meanwhile (measured in
    // docs/testing.md). Nothing one file uses is another's: each worker has its own PostgreSQL
    // database (test/support/test-app.ts), every app its own port, directory, Redis prefix and
    // Chromium.
    maxWorkers: 3,
    // Project by project, the longest files first, with or without vitest's cache (a fresh clone).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        plugins: [swcPlugin],
        test: {
          name: 'unit',
          // One process per worker for all its files, as e2e: no unit test mocks a module or stubs a
          // global, so nothing one file does reaches another, and the shared modules load once
          // (half the unit suite's CPU time).
          isolate: false,
          // Most unit tests take milliseconds; those that decode or draw real images take seconds,
          // and many times that on a busy machine.
          testTimeout: 60_000,
          execArgv: typescriptLoader,
          include: unitFiles,
          exclude: eventLoopFiles,
          environment: 'node',
        },
      },
      {
        plugins: [swcPlugin],
        test: {
          // The files that measure how free the event loop stays run each in a process of its own,
          // where no timer of an earlier file can take a turn of the loop they measure.
          name: 'unit-event-loop',
          testTimeout: 60_000,
          execArgv: typescriptLoader,
          include: eventLoopFiles,
          environment: 'node',
        },
      },
      {
        plugins: [swcPlugin],
        test: {
          name: 'e2e',
          execArgv: typescriptLoader,
          // One process per worker for all its files: the app's modules (Nest, TypeORM, the AWS SDK,
          // pdf.js) load once per worker instead of once per file, about 4 CPU seconds a file.
          // Files share no state but these modules' caches: each starts its own app, database and
          // servers, and puts back any environment variable it sets.
          isolate: false,
          include: ['test/e2e/**/*.e2e-spec.ts'],
          environment: 'node',
          // Scans are real OCR: minutes on a busy 2-core machine.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          expect: patientPolls,
        },
      },
      {
        plugins: [swcPlugin],
        test: {
          name: 'browser',
          execArgv: typescriptLoader,
          // As e2e: one process per worker, each file its own server and Chromium.
          isolate: false,
          include: ['test/browser/**/*.browser-spec.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          expect: patientPolls,
        },
      },
    ],
  },
});

// `npm run build` (and `npm start`, with --if-changed): builds the server, the admin and the reader
// into a new folder builds/<id>, then points the `dist` symlink at it in one rename. A server
// already running keeps its own build (src/config/build-root.ts): nothing it serves is deleted or
// rewritten under it, and the processes it starts later find the same files. The previous build's
// hashed admin and reader files are copied into the new one, so a page loaded before the switch
// still finds its chunks on a server started after it. A build no process holds (in-use.lock) is
// deleted once another has replaced it.
//
// --if-changed: nothing is built when dist already holds a build of these very sources (their
// hash is kept in build.json), so `npm start` beside a running archive changes nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { tryLock, waitForLock } = require('fs-native-extensions');

const root = join(import.meta.dirname, '..');
const builds = join(root, 'builds');
const dist = join(root, 'dist');
/** The folders whose files are named by their content's hash, kept across one build. */
const HASHED = ['admin/assets', 'reader/client/assets'];
/** Everything a build is made of. */
const SOURCES = [
  'src',
  'contracts',
  'admin',
  'reader',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'vite.admin.config.ts',
  'vite.reader.config.ts',
  'scripts/build.mjs',
];

const log = (message) => console.log(`[build] ${message}`);

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!lstatSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => filesUnder(join(root, s)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readBuildInfo(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.signal ?? `code ${result.status}`})`);
}

/** The server and the contracts it imports, compiled into `stage` by tsc with the project's own settings. */
function compileServer(stage) {
  const write = (name, config) => writeFileSync(join(stage, name), JSON.stringify(config, null, 2));
  write('tsconfig.contracts.json', {
    extends: relative(stage, join(root, 'contracts/tsconfig.json')),
    compilerOptions: { outDir: './contracts', tsBuildInfoFile: './contracts/.tsbuildinfo' },
  });
  write('tsconfig.server.json', {
    extends: relative(stage, join(root, 'tsconfig.build.json')),
    compilerOptions: { outDir: './server', tsBuildInfoFile: './server/.tsbuildinfo' },
    references: [{ path: './tsconfig.contracts.json' }],
  });
  run(join(root, 'node_modules/.bin/tsc'), ['-b', join(stage, 'tsconfig.server.json')]);
  rmSync(join(stage, 'tsconfig.contracts.json'));
  rmSync(join(stage, 'tsconfig.server.json'));
}

/** Copies the hashed files of `previous` that `stage` lacks; returns the names `stage` made itself. */
function keepPreviousAssets(stage, previous) {
  const own = Object.fromEntries(HASHED.map((dir) => [dir, existsSync(join(stage, dir)) ? readdirSync(join(stage, dir)) : []]));
  if (!previous) return own;
  const previousOwn = readBuildInfo(previous)?.assets;
  for (const dir of HASHED) {
    const from = join(previous, dir);
    if (!existsSync(from)) continue;
    // Only the previous build's own files: one build's worth is kept, not every build's since.
    const names = previousOwn?.[dir] ?? readdirSync(from);
    for (const name of names) {
      if (!own[dir].includes(name) && existsSync(join(from, name))) copyFileSync(join(from, name), join(stage, dir, name));
    }
  }
  return own;
}

/**
 * The reader's text assets compressed once here, beside each file (`.gz`, `.br`), as the server
 * would at every start otherwise (src/site/infrastructure/reader-bundle.ts reads them): brotli at
 * its best quality costs about a second of CPU, once per build instead of once per process start.
 */
function precompress(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json|map)$/.test(name)) continue;
    const body = readFileSync(join(dir, name));
    if (body.length <= 1024) continue;
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/** Points `dist` at `stage` in one rename, so every path through it meets one whole build. */
function switchTo(stage) {
  if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) {
    // A dist folder from before builds were switched: kept as a build of its own (a server may run from it).
    const kept = join(builds, `dist-${Date.now().toString(36)}`);
    renameSync(dist, kept);
    symlinkSync(relative(root, kept), dist);
    writeFileSync(join(kept, 'build.json'), JSON.stringify({ before: 'in-use marks' }));
  }
  const next = join(root, `dist.next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(relative(root, stage), next);
  renameSync(next, dist);
}

/** Deletes the builds no process runs from: their in-use.lock can be taken whole. */
function prune(current) {
  for (const name of readdirSync(builds)) {
    const dir = join(builds, name);
    if (dir === current || !lstatSync(dir).isDirectory()) continue;
    const lockFile = join(dir, 'in-use.lock');
    if (!existsSync(lockFile)) {
      // A stage a failed build left (no build.json), else a build from before in-use marks: kept.
      if (!readBuildInfo(dir)) rmSync(dir, { recursive: true, force: true });
      continue;
    }
    const fd = openSync(lockFile, 'r+');
    try {
      if (!tryLock(fd)) continue;
      rmSync(dir, { recursive: true, force: true });
      log(`removed ${relative(root, dir)} (no process runs from it)`);
    } finally {
      closeSync(fd);
    }
  }
}

mkdirSync(builds, { recursive: true });
// One build at a time in this checkout.
const buildLock = openSync(join(builds, '.lock'), 'a+');
await waitForLock(buildLock);

const previous = existsSync(join(dist, 'server/main.js')) ? realpathSync(dist) : undefined;
const hash = sourcesHash();
if (process.argv.includes('--if-changed') && previous && readBuildInfo(previous)?.sources === hash) {
  log(`${relative(root, previous)} is a build of these sources; not rebuilt`);
  process.exit(0);
}

const stage = join(builds, `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..+/, '')}-${process.pid}`);
mkdirSync(stage);
compileServer(stage);
run('npx', ['vite', 'build', '-c', 'vite.admin.config.ts'], { BUILD_OUT_DIR: stage });
run('npx', ['vite', 'build', '-c', 'vite.reader.config.ts'], { BUILD_OUT_DIR: stage });
run('npx', ['vite', 'build', '-c', 'vite.reader.config.ts', '--ssr'], { BUILD_OUT_DIR: stage });
precompress(join(stage, 'reader/client/assets'));
const assets = keepPreviousAssets(stage, previous);
writeFileSync(join(stage, 'in-use.lock'), '');
writeFileSync(join(stage, 'build.json'), JSON.stringify({ sources: hash, assets }, null, 2));
switchTo(stage);
log(`dist is now ${relative(root, stage)}`);
prune(stage);

/**
 * The one place that chooses and launches the Chromium the browser suites drive.
 *
 * Debian's /usr/bin/chromium where it is installed (CI installs it), otherwise the build that the
 * dev dependency @sparticuz/chromium ships inside its npm tarball (a headless shell, brotli
 * compressed, with the NSS libraries and a font it needs), so `npm install` alone brings a browser
 * and nothing is downloaded. ARCHIVE_CHROMIUM=system|bundled|/path/to/chrome forces a choice.
 * No choice is ever skipped: a missing browser fails the suite with a message saying what to do.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumChoice {
  source: 'system' | 'bundled' | 'path';
  executablePath: string;
  /** What the browser process needs in its environment (the bundled build's libraries and fonts). */
  env: Record<string, string>;
}

/**
 * Chromium's new headless mode is the whole browser with its window hidden: each browser keeps the
 * address bar's suggestion popups ready as WebUI pages in a renderer of their own, which in a suite
 * used as much CPU as the admin's own pages. Turning those features off halves the browser
 * process's work too. Chromium reads only the last --disable-features switch, and Playwright passes
 * one of its own (playwright-core's chromiumSwitches), so this one restates Playwright's list
 * (1.65) before adding the popups.
 */
const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable'],
  ...['LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect'],
  ...['OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
  ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'],
];

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

let bundled: Promise<ChromiumChoice> | undefined;

/** Which Chromium this run uses: the one asked for, else by ARCHIVE_CHROMIUM or by what the machine has. */
export async function chooseChromium(wanted = process.env.ARCHIVE_CHROMIUM?.trim() || 'auto'): Promise<ChromiumChoice> {
  if (wanted === 'bundled') return (bundled ??= unpackBundledChromium());
  if (wanted === 'system' || (wanted === 'auto' && existsSync(SYSTEM_CHROMIUM))) {
    if (!existsSync(SYSTEM_CHROMIUM))
      throw new Error(`ARCHIVE_CHROMIUM=system but ${SYSTEM_CHROMIUM} is missing (apt-get install chromium)`);
    return { source: 'system', executablePath: SYSTEM_CHROMIUM, env: {} };
  }
  if (wanted === 'auto') return (bundled ??= unpackBundledChromium());
  const path = resolve(wanted);
  if (!existsSync(path))
    throw new Error(`ARCHIVE_CHROMIUM names ${path}, which does not exist (use system, bundled or a path to a Chromium)`);
  return { source: 'path', executablePath: path, env: {} };
}

/** A headless Chromium for one suite file, with the flags every suite uses. */
export async function launchChromium(options: LaunchOptions & { use?: 'system' | 'bundled' } = {}): Promise<Browser> {
  const { use, ...launch } = options;
  const choice = await chooseChromium(use);
  return chromium.launch({
    timeout: 120_000,
    ...launch,
    executablePath: choice.executablePath,
    args: [...ARGS, ...(launch.args ?? [])],
    env: { ...process.env, ...choice.env, ...launch.env } as Record<string, string>,
  });
}

/**
 * Unpacks the bundled build once per version into the temp folder. Done here rather than with the
 * package's own executablePath(), which always unpacks to one fixed /tmp/chromium shared by every
 * checkout on the machine and takes a half-written file from an interrupted run as finished:
 * here each version unpacks into a folder of its own, made aside and renamed into place whole.
 */
async function unpackBundledChromium(): Promise<ChromiumChoice> {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  } catch {
    throw new Error(`No Chromium: ${SYSTEM_CHROMIUM} is missing and the dev dependency @sparticuz/chromium is not installed (npm install)`);
  }
  const packageDir = resolve(dirname(entry), '../..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const bin = join(packageDir, 'bin');
  const dir = join(tmpdir(), `archive-chromium-${version}`);
  const executablePath = join(dir, 'chromium');
  if (!existsSync(join(dir, 'ready'))) {
    const work = `${dir}.partial-${process.pid}-${Date.now().toString(36)}`;
    mkdirSync(work, { recursive: true });
    try {
      await pipeline(
        createReadStream(join(bin, 'chromium.br')),
        createBrotliDecompress(),
        createWriteStream(join(work, 'chromium'), { mode: 0o755 }),
      );
      // The GL libraries sit beside the binary, where Chromium looks for them; NSS, NSPR and expat
      // (built for Amazon Linux, needing only glibc) in lib/; Open Sans in fonts-pack/.
      for (const [archive, into] of [
        ['swiftshader.tar.br', '.'],
        ['al2023.tar.br', '.'],
        ['fonts.tar.br', 'fonts-pack'],
      ] as const) {
        mkdirSync(join(work, into), { recursive: true });
        execFileSync('tar', ['-x', '--no-same-owner', '-C', join(work, into)], {
          input: brotliDecompressSync(readFileSync(join(bin, archive))),
          stdio: ['pipe', 'ignore', 'pipe'],
        });
      }
      // The package's own fonts.conf names fixed folders under /tmp; this one names where it
      // unpacks, then the machine's fonts if it has any.
      writeFileSync(
        join(work, 'fonts.conf'),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, 'fonts-pack', 'fonts')}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
      );
      writeFileSync(join(work, 'ready'), version);
      renameSync(work, dir);
    } catch (err) {
      rmSync(work, { recursive: true, force: true });
      // Another suite file unpacked the same version first: use that one.
      if (!existsSync(join(dir, 'ready'))) throw err;
    }
  }
  return { source: 'bundled', executablePath, env: { LD_LIBRARY_PATH: join(dir, 'lib'), FONTCONFIG_FILE: join(dir, 'fonts.conf') } };
}

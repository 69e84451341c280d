/**
 * The one place that chooses the EPUB validator the tests run.
 *
 * W3C EPUBCheck (Java) where it is installed: Debian's `epubcheck` package puts its jar at
 * /usr/share/java/epubcheck.jar (CI installs it, and Java 17, in .ci/run). No npm package carries
 * that jar (the ones that wrap it download it when installed), so on a machine without it the
 * tests still validate, with `@likecoin/epubcheck-ts`: a port of EPUBCheck's checks, as of its
 * 5.x releases, that `npm install` brings. Where the jar is, both run: Debian's EPUBCheck is the
 * 4.2 line, and the port adds the EPUB 3.3 rules that came after it.
 * ARCHIVE_EPUBCHECK=java|port|/path/to/epubcheck.jar runs one alone; a missing one fails the test.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

export const DEBIAN_EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

export interface EpubCheckReport {
  /** Which validator ran, with its version. */
  checker: string;
  /** Every fatal error, error and warning it reported, one line each; empty for a valid book. */
  problems: string[];
}

async function javaEpubcheck(jar: string, file: string): Promise<EpubCheckReport> {
  if (!existsSync(jar)) throw new Error(`EPUBCheck's jar is not at ${jar} (apt-get install epubcheck, or ARCHIVE_EPUBCHECK=port)`);
  const run = promisify(execFile);
  const version = (await run('java', ['-jar', jar, '--version']).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }))).stdout
    .split('\n')[0]!
    .trim();
  // --json - prints the report on standard output; the exit code is 1 when it found errors.
  const { stdout } = await run('java', ['-jar', jar, file, '--json', '-'], { maxBuffer: 32 * 1024 * 1024 }).catch(
    (e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }),
  );
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
    messages: Array<{ ID: string; severity: string; message: string; locations?: Array<{ path?: string; line?: number }> }>;
  };
  const problems = report.messages
    .filter((m) => ['FATAL', 'ERROR', 'WARNING'].includes(m.severity))
    .map((m) => `${m.severity} ${m.ID} ${m.message} (${(m.locations ?? []).map((l) => `${l.path}:${l.line}`).join(', ')})`);
  return { checker: `W3C ${version} (Java)`, problems };
}

async function portEpubcheck(file: string): Promise<EpubCheckReport> {
  const { EpubCheck } = await import('@likecoin/epubcheck-ts');
  const result = await EpubCheck.validate(new Uint8Array(readFileSync(file)));
  const problems = result.messages
    .filter((m) => ['fatal', 'error', 'warning'].includes(String(m.severity).toLowerCase()))
    .map((m) => `${m.severity} ${m.id} ${m.message} (${m.location?.path ?? ''}:${m.location?.line ?? ''})`);
  const { version } = JSON.parse(
    readFileSync(new URL('../../node_modules/@likecoin/epubcheck-ts/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return { checker: `epubcheck-ts ${version} (port of EPUBCheck's checks)`, problems };
}

/** Validates an EPUB file with the validators this run uses: a report from each. */
export async function epubcheck(file: string, wanted = process.env.ARCHIVE_EPUBCHECK?.trim() || 'auto'): Promise<EpubCheckReport[]> {
  if (wanted === 'port') return [await portEpubcheck(file)];
  if (wanted === 'java') return [await javaEpubcheck(DEBIAN_EPUBCHECK_JAR, file)];
  if (wanted !== 'auto') return [await javaEpubcheck(wanted, file)];
  const port = await portEpubcheck(file);
  return existsSync(DEBIAN_EPUBCHECK_JAR) ? [await javaEpubcheck(DEBIAN_EPUBCHECK_JAR, file), port] : [port];
}

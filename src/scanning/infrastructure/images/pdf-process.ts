import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import type { ImageAnswer } from './image-threads.js';

/**
 * A scanned PDF's pages are drawn in a process of their own, with its own memory limit, so a PDF
 * that gets past the cost checks (pdf-costs.ts) and still needs more memory than a page should
 * ends that process, not the archive: the upload is refused with a 422 that says so, and the next
 * PDF starts a new process. pdf.js's decoded scans and Skia's canvas live outside V8's heap, so a
 * heap limit alone (--max-old-space-size, set too) would not bound them: the server reads the
 * process's resident memory while it works (/proc, Linux, as the Docker image and servers run) and
 * kills it past the limit. Between two readings of that memory it can grow further, by at most what
 * one allocation takes (a page's canvas: 200 MB at the 50-megapixel limit).
 *
 * One task at a time, in order: a reading's pages interleave with another PDF's as they come, and
 * the process keeps one PDF open (pdf-rendering.ts). It ends a few seconds after no PDF is being
 * read, and all of its memory with it.
 */

/** The work of the drawing process (pdf-drawing.worker.ts): the PDF is the file at `path`. */
export type PdfTask =
  | { kind: 'pdfCount'; path: string }
  | { kind: 'pdfOpen'; id: string; path: string }
  | { kind: 'pdfPage'; id: string; path: string; number: number }
  | { kind: 'pdfDone'; id: string; path: string };

/** How often the drawing process's resident memory is read while it works. */
const WATCH_MS = 25;
/**
 * How long an idle drawing process is kept for the next task: a PDF is counted, then read page by
 * page, each a task, and starting the process (with pdf.js) costs some 0.3 s. It holds nothing of
 * the server's memory meanwhile, and never keeps the server running.
 */
const IDLE_MS = 5_000;

const entry = new URL(`./pdf-drawing.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** The drawing processes alive (at most one for each PDF intake), for the application's shutdown. */
const alive = new Set<ChildProcess>();

/** A process's resident memory in bytes, from /proc (undefined where there is none, or the process has gone). */
function residentBytes(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024).toLocaleString('en-US');

function tooMuchMemory(task: PdfTask, limitBytes: number): ImageIntakeError {
  const what = task.kind === 'pdfPage' ? `Page ${task.number} of this PDF needs` : 'This PDF needs';
  return new ImageIntakeError(
    'SCAN.PDF_TOO_MUCH_MEMORY',
    `${what} more memory to draw than the archive allows (${mb(limitBytes)} MB for drawing a page). ` +
      'Save or export it again at a lower resolution (or as one image per page), or add its pages as photos.',
  );
}

function stopped(task: PdfTask, how: string): ImageIntakeError {
  const where = task.kind === 'pdfPage' ? `drawing page ${task.number}` : 'opening it';
  return new ImageIntakeError(
    'SCAN.PDF_UNREADABLE',
    `This PDF could not be read: ${where} stopped the PDF reader (${how}). Save or export it again from the program that made it and add it again.`,
  );
}

export class PdfDrawingProcess {
  private child: ChildProcess | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  /** Tasks queued or running, and the PDFs opened and not yet done. */
  private tasks = 0;
  private readonly readings = new Set<string>();
  private seq = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly memoryBytes: number) {}

  /** Runs `task` once those before it have run; the intake's refusals raised as they were. */
  run<T>(task: PdfTask): Promise<T> {
    if (task.kind === 'pdfOpen') this.readings.add(task.id);
    this.tasks++;
    this.busy();
    const result = this.tail.then(() => this.runNow<T>(task));
    this.tail = result
      .catch(() => undefined)
      .finally(() => {
        this.tasks--;
        if (task.kind === 'pdfDone') this.readings.delete(task.id);
        if (this.tasks === 0 && this.readings.size === 0) this.rest();
      });
    return result;
  }

  /** Work has come: the idle process, if any, is kept and holds the server up until the work is done. */
  private busy(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    this.child?.ref();
    this.child?.channel?.ref();
  }

  /** No PDF being read: the process ends soon, and keeps nothing alive until then. */
  private rest(): void {
    if (!this.child) return;
    this.child.unref();
    this.child.channel?.unref();
    this.idle = setTimeout(() => this.end(), IDLE_MS).unref();
  }

  /** Ends the process (no PDF is being read, or the application stops); a later task starts another. */
  end(): void {
    clearTimeout(this.idle);
    const child = this.child;
    this.child = undefined;
    if (child) {
      alive.delete(child);
      child.kill('SIGKILL');
    }
  }

  private start(): ChildProcess {
    const limitMb = Math.max(16, Math.floor(this.memoryBytes / 1024 / 1024));
    const child = fork(entry, [], {
      // The server's own flags (its TypeScript loader, when run from source), not its heap size.
      execArgv: [...process.execArgv.filter((flag) => !/^--(max-old-space-size|inspect)/.test(flag)), `--max-old-space-size=${limitMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    alive.add(child);
    child.once('exit', () => {
      alive.delete(child);
      if (this.child === child) this.child = undefined;
    });
    return child;
  }

  private runNow<T>(task: PdfTask): Promise<T> {
    // A task for a reading already ended (the process was ended under it) needs no process.
    if (task.kind === 'pdfDone' && !this.child) return Promise.resolve(undefined as T);
    const child = (this.child ??= this.start());
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      let overLimit = false;
      const watch = setInterval(() => {
        const resident = child.pid === undefined ? undefined : residentBytes(child.pid);
        if (resident !== undefined && resident > this.memoryBytes) {
          overLimit = true;
          child.kill('SIGKILL');
        }
      }, WATCH_MS);
      const settle = () => {
        clearInterval(watch);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.off('error', onError);
      };
      const onMessage = (message: { seq: number; answer?: ImageAnswer; failed?: string }) => {
        if (message.seq !== seq) return;
        settle();
        if (message.answer === undefined) return reject(new Error(message.failed));
        const answer = message.answer;
        if ('refused' in answer) return reject(new ImageIntakeError(answer.refused.code, answer.refused.message));
        resolve(answer.value as T);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        settle();
        // V8 aborts the process when its heap is full (SIGABRT, or 134 where a shell reports it); a
        // SIGKILL not ours (the server only ends an idle process, or at shutdown) is the system's
        // out-of-memory killer.
        const outOfMemory = overLimit || signal === 'SIGABRT' || code === 134 || signal === 'SIGKILL';
        reject(outOfMemory ? tooMuchMemory(task, this.memoryBytes) : stopped(task, signal ?? `exit code ${code}`));
      };
      const onError = (error: Error) => {
        settle();
        child.kill('SIGKILL');
        reject(error);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.once('error', onError);
      child.send({ seq, task });
    });
  }
}

/** Ends every drawing process (the application's shutdown). */
export function endPdfProcesses(): void {
  for (const child of alive) child.kill('SIGKILL');
  alive.clear();
}

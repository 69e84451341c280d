import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfFolderOf } from './pdf-pages.js';

/** A process that ran and has ended: its pid is free (Linux hands pids out in order, so not soon again). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the PDF folders in the temporary folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'pdf-folders-'));
  const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  afterAll(() => {
    running.kill();
  });

  it("removes what a killed process left, keeps a running process's, and leaves names not its own alone", async () => {
    const ended = await endedPid();
    const left = (pid: number) => {
      mkdirSync(join(root, String(pid)));
      writeFileSync(join(root, String(pid), 'book.pdf'), 'a PDF being drawn');
    };
    left(ended);
    left(running.pid!);
    mkdirSync(join(root, 'notes'));

    const own = await pdfFolderOf(root, process.pid);

    expect(own).toBe(join(root, String(process.pid)));
    expect(readdirSync(root).sort()).toEqual([String(process.pid), String(running.pid), 'notes'].sort());
    expect(readdirSync(join(root, String(running.pid)))).toEqual(['book.pdf']);
    expect(existsSync(join(root, String(ended)))).toBe(false);
  });

  it('empties a folder of its own pid left by an earlier process given the same pid', async () => {
    const pid = await endedPid();
    mkdirSync(join(root, String(pid)), { recursive: true });
    writeFileSync(join(root, String(pid), 'earlier.pdf'), 'left behind');

    const own = await pdfFolderOf(root, pid);

    expect(readdirSync(own)).toEqual([]);
  });
});

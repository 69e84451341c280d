import { spawnSync } from 'node:child_process';
import { CLI_LIMITS } from '../support/cli-limits.js';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csrfAgent, startTestApp } from '../support/test-app.js';

const CLI = 'dist/server/cli/admin.js';

function cli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  return spawnSync(process.execPath, [CLI, ...args], { env: { ...base, ...env }, encoding: 'utf8', input: '', ...CLI_LIMITS });
}

describe('npm run admin -- set-password (embedded database)', () => {
  it('creates an admin and resets a password, which then signs in; refuses while the server holds the database', async () => {
    expect(existsSync(CLI), 'run npm run build first').toBe(true);
    const dataDir = mkdtempSync(join(tmpdir(), 'archive-cli-'));

    const created = cli(['set-password', 'archivist'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'first-password-1' });
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created admin "archivist"');
    const reset = cli(['set-password', 'archivist'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'second-password-2' });
    expect(reset.stdout).toContain('Password of "archivist" changed');
    const short = cli(['set-password', 'archivist'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'short' });
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');

    const app = await startTestApp('pglite', { env: { DATA_DIR: dataDir }, persistent: true });
    try {
      const { agent } = await csrfAgent(app);
      await agent.post('/api/auth/login/').send({ username: 'archivist', password: 'first-password-1' }).expect(401);
      const ok = await agent.post('/api/auth/login/').send({ username: 'ARCHIVIST', password: 'second-password-2' }).expect(200);
      expect(ok.body.user).toEqual({ username: 'archivist', is_staff: true });

      const busy = cli(['list'], { DATA_DIR: dataDir });
      expect(busy.status).not.toBe(0);
      expect(busy.stderr).toMatch(/in use by process/);
    } finally {
      await app.close();
    }
    const list = cli(['list'], { DATA_DIR: dataDir });
    expect(list.stdout).toContain('archivist');
  });
});

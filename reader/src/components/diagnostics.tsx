import { useEffect, useState } from 'react';
import type { LoadError } from '../../../contracts/reader-page.js';

interface Check {
  label: string;
  state: 'running' | 'ok' | 'failed';
  detail: string;
}

async function probe(url: string): Promise<{ ok: boolean; status?: number; ms: number; body?: unknown; error?: string }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json, text/html' } });
    const ms = Math.round(performance.now() - started);
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.json().catch(() => undefined) : undefined;
    return { ok: res.ok, status: res.status, ms, body };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  }
}

/** Reads a database flag from the health answer, whichever common shape it takes. */
function databaseFlag(body: unknown): boolean | undefined {
  // The health answer's shape varies by deployment; each step below is checked at run time.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const b = body as Record<string, any> | undefined;
  const raw = b?.database ?? b?.db ?? b?.info?.database?.status ?? b?.details?.database?.status;
  const value = typeof raw === 'object' && raw !== null ? (raw.status ?? raw.ok ?? raw.connected) : raw;
  if (value === true || /^(ok|up|connected|healthy)$/i.test(String(value))) return true;
  if (value === false || /^(down|error|failed|disconnected)$/i.test(String(value))) return false;
  return undefined;
}

/** Backend diagnostics (SPEC "Diagnostics panels"): ping, publications API, database, raw details. */
export function Diagnostics({ error }: { error: LoadError }) {
  const [checks, setChecks] = useState<Check[]>([
    { label: 'Backend ping', state: 'running', detail: 'Checking...' },
    { label: 'Publications API', state: 'running', detail: 'Checking...' },
    { label: 'Database', state: 'running', detail: 'Checking...' },
  ]);
  const [raw, setRaw] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([probe('/'), probe('/api/publications/'), probe('/api/health/')]).then(([ping, list, health]) => {
      if (!live) return;
      const flag = databaseFlag(health.body);
      const database: Check =
        flag === true
          ? { label: 'Database', state: 'ok', detail: 'Connected (reported by the health check)' }
          : flag === false
            ? { label: 'Database', state: 'failed', detail: 'Database connection failed (reported by the health check)' }
            : list.ok
              ? { label: 'Database', state: 'ok', detail: 'Reachable (inferred: the publications API answered)' }
              : { label: 'Database', state: 'failed', detail: 'Database connection failed or unavailable (inferred)' };
      setChecks([
        ping.ok
          ? { label: 'Backend ping', state: 'ok', detail: `Answered in ${ping.ms} ms` }
          : {
              label: 'Backend ping',
              state: 'failed',
              detail: `Backend ping failed${ping.status ? ` (HTTP ${ping.status})` : `: ${ping.error}`}`,
            },
        list.ok
          ? { label: 'Publications API', state: 'ok', detail: `Answered in ${list.ms} ms` }
          : {
              label: 'Publications API',
              state: 'failed',
              detail: `Publications API failed${list.status ? ` (HTTP ${list.status})` : `: ${list.error}`}`,
            },
        database,
      ]);
      setRaw({ error, ping, publications: { ...list, body: undefined }, health });
    });
    return () => {
      live = false;
    };
  }, [error]);

  return (
    <div className="diagnostics">
      <h3 className="error-subtitle">Diagnostics</h3>
      <ul className="check-list">
        {checks.map((c) => (
          <li key={c.label} data-state={c.state}>
            <strong>{c.label}:</strong> {c.state === 'ok' ? 'OK' : c.state === 'failed' ? 'Failed' : 'Running'} — {c.detail}
          </li>
        ))}
      </ul>
      <details>
        <summary>Raw details</summary>
        <pre className="raw-details">{JSON.stringify(raw ?? { error }, null, 2)}</pre>
      </details>
    </div>
  );
}

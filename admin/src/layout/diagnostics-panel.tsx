import { useCallback, useEffect, useState } from 'react';
import { MSG } from '../messages.js';

interface CheckResult {
  ok: boolean;
  status: number | null;
  ms: number;
  body: unknown;
  error?: string;
}

export interface DiagnosticsReport {
  ping: CheckResult;
  publications: CheckResult;
  health: CheckResult;
  database: { ok: boolean; inferred: boolean };
}

async function check(url: string): Promise<CheckResult> {
  const started = performance.now();
  try {
    const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { ok: res.ok, status: res.status, ms: Math.round(performance.now() - started), body };
  } catch (err) {
    return { ok: false, status: null, ms: Math.round(performance.now() - started), body: null, error: err instanceof Error ? err.message : String(err) };
  }
}

export async function runDiagnostics(): Promise<DiagnosticsReport> {
  const [ping, publications, health] = await Promise.all([check('/api/'), check('/api/publications/'), check('/api/health/')]);
  const flag = health.ok && health.body && typeof health.body === 'object' ? (health.body as { database?: unknown }).database : undefined;
  // Without a readable health answer, a working publications list means the database answers.
  const database = typeof flag === 'boolean' ? { ok: flag, inferred: false } : { ok: publications.ok, inferred: true };
  return { ping, publications, health, database };
}

/** Backend diagnostics of SPEC section 2: ping with latency, publications API, database state, raw details. */
export function DiagnosticsPanel() {
  const [report, setReport] = useState<DiagnosticsReport | null>(null);
  const run = useCallback(() => {
    setReport(null);
    void runDiagnostics().then(setReport);
  }, []);
  useEffect(run, [run]);
  if (!report) return <p className="muted">{MSG.diagnostics.running}</p>;
  const row = (label: string, ok: boolean, detail: string) => (
    <li className={ok ? 'ok' : 'fail'}>
      <strong>{label}:</strong> {detail}
    </li>
  );
  return (
    <div className="diagnostics" aria-label={MSG.diagnostics.title}>
      <h3>{MSG.diagnostics.title}</h3>
      <ul>
        {row(MSG.diagnostics.ping, report.ping.ok, report.ping.ok ? `${MSG.diagnostics.ok} (${report.ping.ms} ms)` : `${MSG.diagnostics.pingFailed} (${report.ping.error ?? `HTTP ${report.ping.status}`})`)}
        {row(
          MSG.diagnostics.publicationsApi,
          report.publications.ok,
          report.publications.ok ? `${MSG.diagnostics.ok} (${report.publications.ms} ms)` : `${MSG.diagnostics.publicationsFailed} (${report.publications.error ?? `HTTP ${report.publications.status}`})`,
        )}
        {row(
          MSG.diagnostics.database,
          report.database.ok,
          report.database.inferred
            ? `${report.database.ok ? MSG.diagnostics.ok : MSG.diagnostics.databaseFailed} - ${MSG.diagnostics.databaseInferred}`
            : report.database.ok
              ? MSG.diagnostics.ok
              : MSG.diagnostics.databaseFailed,
        )}
      </ul>
      <details>
        <summary>{MSG.diagnostics.raw}</summary>
        <pre>{JSON.stringify(report, null, 2)}</pre>
      </details>
    </div>
  );
}

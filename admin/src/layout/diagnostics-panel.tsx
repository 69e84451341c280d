import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

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
    return {
      ok: false,
      status: null,
      ms: Math.round(performance.now() - started),
      body: null,
      error: err instanceof Error ? err.message : String(err),
    };
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
  const translate = useTranslate();
  const [report, setReport] = useState<DiagnosticsReport | null>(null);
  const run = useCallback(() => {
    setReport(null);
    void runDiagnostics().then(setReport);
  }, []);
  useEffect(run, [run]);
  if (!report) return <p role="status">{translate('archive.diagnostics.running')}</p>;
  const reason = (c: CheckResult) => c.error ?? `HTTP ${c.status}`;
  const okIn = (c: CheckResult) => translate('archive.diagnostics.ok_in', { ms: c.ms });
  const database = report.database.ok ? translate('archive.diagnostics.ok') : translate('archive.diagnostics.database_failed');
  const row = (label: string, ok: boolean, detail: string) => (
    <li className={ok ? 'ok' : 'fail'}>
      <strong>{label}:</strong> {detail}
    </li>
  );
  return (
    <div className="diagnostics" aria-label={translate('archive.diagnostics.title')}>
      <h3>{translate('archive.diagnostics.title')}</h3>
      <ul>
        {row(
          translate('archive.diagnostics.ping'),
          report.ping.ok,
          report.ping.ok ? okIn(report.ping) : translate('archive.diagnostics.ping_failed', { reason: reason(report.ping) }),
        )}
        {row(
          translate('archive.diagnostics.publications_api'),
          report.publications.ok,
          report.publications.ok
            ? okIn(report.publications)
            : translate('archive.diagnostics.publications_failed', { reason: reason(report.publications) }),
        )}
        {row(
          translate('archive.diagnostics.database'),
          report.database.ok,
          report.database.inferred ? translate('archive.diagnostics.database_inferred', { state: database }) : database,
        )}
      </ul>
      <details>
        <summary>{translate('archive.diagnostics.raw')}</summary>
        {/* Focusable so a keyboard can scroll long details. */}
        <pre tabIndex={0}>{JSON.stringify(report, null, 2)}</pre>
      </details>
    </div>
  );
}

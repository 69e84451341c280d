import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorFromResponse } from '../../../contracts/errors.js';
import type { Poem } from '../../../contracts/reader-page.js';
import {
  REPORT_HONEYPOT_FIELD,
  REPORT_LIMITS as LIMITS,
  reportLimitsText,
  reportsPath,
  type NewReportRequest,
} from '../../../contracts/reports.js';

interface Selected {
  text: string;
  /** The line on screen it starts in, counted from 1 over the poem's lines. */
  line: number;
}

/** The words selected in this poem's verse, with the line they start in; null for a selection elsewhere. */
function selectionIn(verse: Element | null | undefined): Selected | null {
  const selection = document.getSelection();
  if (!verse || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const start = range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
  const line = start?.closest('.verse-line');
  if (!line || !verse.contains(line)) return null;
  const text = selection.toString().trim().slice(0, LIMITS.quote);
  return text ? { text, line: [...verse.querySelectorAll('.verse-line')].indexOf(line) + 1 } : null;
}

/**
 * Report a mistake, under a poem: collapsed until asked for. Without the script it is a plain form
 * whose answer is a page; with it, the report is sent in place, and the words a reader selected in
 * the poem before opening it are quoted for them. What a reader writes goes to the curators only.
 * Its code loads when the reader first does something on the page (report-mistake.tsx).
 */
export function ReportForm({ poem }: { poem: Poem }) {
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const selected = useRef<Selected | null>(null);
  const [status, setStatus] = useState<{ sent: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  // Opening the form (a click) clears a selection, so the last one made in the verse is kept; the
  // one that made this code load is there already. Opened before it loaded, it is filled at once.
  useEffect(() => {
    const onSelection = () => {
      const found = selectionIn(details.current?.closest('article')?.querySelector('.verse'));
      if (found) selected.current = found;
    };
    onSelection();
    onToggle();
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const onToggle = () => {
    const quote = form.current?.elements.namedItem('quote') as HTMLTextAreaElement | null;
    const line = form.current?.elements.namedItem('line') as HTMLInputElement | null;
    if (!details.current?.open || !quote || !line || quote.value || !selected.current) return;
    quote.value = selected.current.text;
    line.value = String(selected.current.line);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const report: NewReportRequest = { ...fields, line: fields.line ? Number(fields.line) : null };
    setSending(true);
    try {
      const res = await fetch(reportsPath(poem.id), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(report),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) throw errorFromResponse(res.status, res.statusText, body);
      setStatus({ sent: true, message: (body as { message: string }).message });
      form.current?.reset();
      selected.current = null;
    } catch (err) {
      setStatus({ sent: false, message: err instanceof Error ? err.message : 'The report could not be sent. Please try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <details className="report-mistake" ref={details} onToggle={onToggle}>
      <summary className="button button-outline">Report a mistake</summary>
      <form ref={form} className="report-form" method="post" action={reportsPath(poem.id)} onSubmit={(e) => void submit(e)}>
        <p className="report-intro">
          Select the words that look wrong in the poem before opening this, or quote them here, and say what they should be. Your report
          goes to the curators only; nothing you write is shown on the site.
        </p>
        <label htmlFor={`${id}-quote`}>Words that look wrong</label>
        <textarea id={`${id}-quote`} name="quote" rows={2} maxLength={LIMITS.quote} />
        <label htmlFor={`${id}-note`}>Note</label>
        <textarea id={`${id}-note`} name="note" rows={3} maxLength={LIMITS.note} />
        <label htmlFor={`${id}-name`}>Your name (optional)</label>
        <input id={`${id}-name`} name="name" maxLength={LIMITS.name} autoComplete="name" />
        <label htmlFor={`${id}-email`}>Your email (optional, for a reply)</label>
        <input id={`${id}-email`} name="email" type="email" maxLength={LIMITS.email} autoComplete="email" />
        {/* Hidden from people and their assistive technology: only a robot fills it in. */}
        <div className="report-trap" aria-hidden="true">
          <label htmlFor={`${id}-trap`}>Leave this empty</label>
          <input id={`${id}-trap`} name={REPORT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <input type="hidden" name="line" />
        <p className="report-limits">{reportLimitsText()}</p>
        <button type="submit" className="button button-primary" disabled={sending}>
          Send report
        </button>
        <p className={status && !status.sent ? 'report-status report-refused' : 'report-status'} role="status" aria-live="polite">
          {status?.message}
        </p>
      </form>
    </details>
  );
}

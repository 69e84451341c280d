import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';

/** Where line `line` (counted from 1, stanza breaks too) starts and ends in a body. */
export function lineRange(body: string, line: number): { start: number; end: number } | null {
  const lines = body.split('\n');
  if (line < 1 || line > lines.length) return null;
  const start = lines.slice(0, line - 1).reduce((at, text) => at + text.length + 1, 0);
  return { start, end: start + lines[line - 1]!.length };
}

/**
 * Puts the caret on a line of the poem's text once it is loaded (a reader's report leads here with
 * ?line=N): that line selected, scrolled into view, the text box focused. Only once, so the
 * curator's own typing is never moved.
 */
export function CaretAtLine({ line }: { line: number | null }) {
  const body = useWatch({ name: 'body' }) as string | undefined;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || line === null || !body) return;
    const box = document.querySelector<HTMLTextAreaElement>('textarea[name="body"]');
    const range = lineRange(body, line);
    if (!box || !range) return;
    done.current = true;
    box.focus();
    box.setSelectionRange(range.start, range.end);
    const lineHeight = parseFloat(getComputedStyle(box).lineHeight) || 20;
    box.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }, [body, line]);
  return null;
}

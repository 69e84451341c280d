import type { TextareaHTMLAttributes } from 'react';

/** Tabs become four spaces so indentation is plain spaces, as the reader renders it. */
export function untab(text: string): string {
  return text.replace(/\t/g, '    ');
}

/**
 * Poem text keeps every leading space and line break: monospace, `white-space: pre`, no wrapping,
 * so the admin can line up indentation exactly as printed.
 */
export function PoemTextArea({ value, onChange, ...rest }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & { value: string; onChange: (v: string) => void }) {
  return (
    <textarea
      {...rest}
      className={['poem-text', rest.className].filter(Boolean).join(' ')}
      value={value}
      wrap="off"
      spellCheck={false}
      onChange={(e) => onChange(untab(e.target.value))}
    />
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useDropzone } from 'react-dropzone';
import { sortDrop, type FileRules } from './file-rules.js';

/**
 * The admin's one drop zone (the wizard's photos, a whole book's files): click or drop, the files
 * sorted by `rules` (file-rules.ts), what was left out said under it, and the chosen files shown
 * by the caller below (`children`).
 */
export function FileDropZone({
  rules,
  held,
  onFiles,
  label,
  counter,
  tooManyMessage,
  disabled,
  testId,
  counterTestId,
  children,
}: {
  rules: FileRules;
  /** Files already chosen: the room left is `rules.max` less these. */
  held: number;
  onFiles: (files: File[]) => void;
  label: string;
  /** How many are chosen, as the zone shows it. */
  counter: ReactNode;
  /** Said when a drop holds more files than there is room for. */
  tooManyMessage: string;
  disabled?: boolean;
  testId: string;
  counterTestId?: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [messages, setMessages] = useState<string[]>([]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: rules.accept,
    minSize: rules.minSize,
    multiple: true,
    disabled,
    onDrop(accepted, refused) {
      const sorted = sortDrop({ accepted, refused, held }, rules, translate, tooManyMessage);
      if (sorted.taken.length) onFiles(sorted.taken);
      setMessages(sorted.messages);
    },
  });

  return (
    <div className="drop-zone-wrap" data-testid={testId}>
      <div {...getRootProps({ className: `drop-zone${isDragActive ? ' active' : ''}${disabled ? ' disabled' : ''}` })}>
        <input {...getInputProps()} aria-label={label} />
        <p>{label}</p>
        <p className="counter" data-testid={counterTestId}>
          {counter}
        </p>
      </div>
      {messages.length ? (
        <ul className="form-error" role="alert">
          {messages.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

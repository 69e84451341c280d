import { useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';
import { ArchiveButton, type ArchiveButtonProps } from './archive-button.js';

/**
 * A button whose action waits for react-admin's Confirm dialog. react-admin's own
 * ...WithConfirmButton components word the dialog themselves; the spec names each confirm's text.
 */
export function ConfirmButton({
  label,
  confirmTitle,
  confirmContent,
  confirmArgs,
  onConfirm,
  ...button
}: Omit<ArchiveButtonProps, 'onClick' | 'children'> & {
  label: ReactNode;
  confirmTitle: string;
  confirmContent: string;
  /** Values for the confirm's wording (a count, a title). */
  confirmArgs?: Record<string, unknown>;
  onConfirm: () => void | Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <ArchiveButton {...button} loading={busy || button.loading} onClick={() => setOpen(true)}>
        {label}
      </ArchiveButton>
      <Confirm
        isOpen={open}
        loading={busy}
        title={confirmTitle}
        content={confirmContent}
        translateOptions={confirmArgs}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

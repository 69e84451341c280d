import { useEffect } from 'react';
import { Confirm, useBlocker } from 'react-admin';
import { useFormState, type Control } from 'react-hook-form';
import { sessionHasEnded } from '../providers/session.js';
import { useUnsavedElsewhereMessages } from './unsaved-elsewhere.js';

/**
 * react-admin's warnWhenUnsavedChanges, asking in react-admin's Confirm dialog instead of the
 * browser's window.confirm (the admin uses no native dialogs): leaving a form with unsaved changes
 * (a link, Cancel, Escape or a click outside a dialog, all of which navigate) asks first, and
 * closing or reloading the tab gets the browser's own warning. Work on the screen outside the form's
 * fields (unsaved-elsewhere.tsx) is asked for the same way, in its own words. Given to a Form as its
 * WarnWhenUnsavedChangesComponent; the blocking rules are react-admin's.
 */
export function ConfirmUnsavedChanges({
  enable = true,
  formRootPathName,
  formControl,
}: {
  enable?: boolean;
  formRootPathName?: string;
  formControl?: Control;
}) {
  const { isSubmitSuccessful, dirtyFields } = useFormState(formControl ? { control: formControl } : undefined);
  const elsewhere = useUnsavedElsewhereMessages();
  const formSafe = !enable || Object.keys(dirtyFields).length === 0 || isSubmitSuccessful;
  const safe = formSafe && elsewhere.length === 0;
  // A session that ended goes to /login unasked: the unsaved text is kept for after signing in.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !safe && !sessionHasEnded() && !nextLocation.pathname.startsWith(formRootPathName || currentLocation.pathname),
  );

  useEffect(() => {
    // Saved (or emptied) while a navigation waited: let it go.
    if (blocker.state === 'blocked' && safe) blocker.proceed?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the blocker object changes on every render
  }, [blocker.state, safe]);

  useEffect(() => {
    if (safe) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [safe]);

  return (
    <Confirm
      isOpen={blocker.state === 'blocked' && !safe}
      title="archive.safe_edit.unsaved_title"
      content={formSafe ? elsewhere[0] : 'ra.message.unsaved_changes'}
      confirm="archive.safe_edit.discard"
      cancel="archive.safe_edit.keep_editing"
      confirmColor="warning"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

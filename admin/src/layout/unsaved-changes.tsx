import { useEffect } from 'react';
import { Confirm } from 'react-admin';
import { useFormState, type Control } from 'react-hook-form';
import { useBlocker } from 'react-router-dom';

/**
 * react-admin's warnWhenUnsavedChanges, asked in react-admin's own Confirm dialog rather than the
 * browser's window.confirm (the admin never raises native dialogs). Passed to a form as its
 * WarnWhenUnsavedChangesComponent: navigating away from a form with unsaved changes asks first;
 * reloading or closing the tab gets the browser's own question (beforeunload), as in react-admin.
 */
export function WarnWhenUnsavedChanges({ formControl }: { enable?: boolean; formRootPathName?: string; formControl?: Control }) {
  const { isDirty, isSubmitSuccessful, isSubmitting } = useFormState({ control: formControl });
  const changed = isDirty && !isSubmitSuccessful && !isSubmitting;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);

  return (
    <Confirm
      isOpen={blocker.state === 'blocked'}
      title="archive.unsaved.title"
      content="archive.unsaved.content"
      confirm="archive.unsaved.leave"
      cancel="archive.unsaved.stay"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

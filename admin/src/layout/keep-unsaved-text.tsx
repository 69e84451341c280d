import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { getStoredUser, sessionHasEnded } from '../providers/session.js';
import { closeForm, dropUnsaved, keepTyping, keptFor, unsavedKey } from '../providers/unsaved-text.js';

const currentUser = () => getStoredUser()?.username ?? null;

/**
 * Inside a react-admin form: keeps what the curator changed in this browser as they type, and
 * when the session ended while they typed, puts it back once they have signed in again and the
 * form opens, saying why they were asked to sign in (providers/unsaved-text.ts).
 */
export function KeepUnsavedText({ resource }: { resource: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const { getValues, setValue, control } = useFormContext();
  const { isDirty, dirtyFields, isReady } = useFormState({ control });
  const values = useWatch({ control });
  const key = record?.id !== undefined ? unsavedKey(resource, record.id) : null;
  const checked = useRef<string | null>(null);
  const [restored, setRestored] = useState(false);
  const [toRestore, setToRestore] = useState<Record<string, unknown> | null>(null);

  // Once the record is in the form: the text kept when the session ended, to put back...
  useEffect(() => {
    if (!key || !isReady || checked.current === key) return;
    checked.current = key;
    setToRestore(keptFor(localStorage, key, currentUser()));
  }, [key, isReady]);

  // ...on the next render, after react-admin's form has taken the record (its reset runs after
  // this component's effects), over the record's values, which stay the form's defaults: the
  // kept text is an unsaved change.
  useEffect(() => {
    if (!toRestore) return;
    for (const [name, value] of Object.entries(toRestore)) setValue(name, value, { shouldDirty: true });
    setToRestore(null);
    setRestored(true);
  }, [toRestore, setValue]);

  // While typing: the changed fields, kept; nothing changed, nothing kept.
  useEffect(() => {
    if (!key || checked.current !== key) return;
    const changed = Object.keys(dirtyFields);
    if (!isDirty || changed.length === 0) dropUnsaved(localStorage, key);
    else keepTyping(localStorage, key, currentUser(), Object.fromEntries(changed.map((name) => [name, getValues(name)])));
  }, [key, values, isDirty, dirtyFields, getValues]);

  // Closed because the session ended: kept for after signing in; closed by choice: dropped.
  useEffect(() => {
    if (!key) return;
    return () => closeForm(localStorage, key, sessionHasEnded());
  }, [key]);

  return restored ? (
    <Alert severity="info" role="status" sx={{ mb: 2 }} onClose={() => setRestored(false)}>
      {translate('archive.unsaved.restored')}
    </Alert>
  ) : null;
}

/**
 * A form's unsaved text, kept in this browser (localStorage) per record while the curator types,
 * so a session that ends meanwhile (signed out in another tab, removed, a password reset, expiry)
 * loses nothing: the text is marked kept when the form closes because the session ended, and is
 * put back when the curator signs in again and the form opens. A form left by choice (saved,
 * discarded, cancelled) drops it.
 */

type Values = Record<string, unknown>;

interface StoredText {
  /** The curator who typed it: put back only for them. */
  user: string | null;
  values: Values;
  /** Closed because the session ended: to be put back. */
  kept: boolean;
}

const PREFIX = 'archive.unsaved:';
const storageKey = (record: string) => `${PREFIX}${record}`;

/** The key of a record's form: its resource and id. */
export const unsavedKey = (resource: string, id: string | number) => `${resource}:${id}`;

function read(storage: Storage, record: string): StoredText | null {
  try {
    const raw = storage.getItem(storageKey(record));
    const parsed = raw ? (JSON.parse(raw) as StoredText) : null;
    return parsed && typeof parsed.values === 'object' && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, record: string, text: StoredText): void {
  try {
    storage.setItem(storageKey(record), JSON.stringify(text));
  } catch {
    // A full or refused storage keeps nothing; the form itself still works.
  }
}

/** While typing: the changed fields' values, not yet marked kept. */
export function keepTyping(storage: Storage, record: string, user: string | null, values: Values): void {
  write(storage, record, { user, values, kept: false });
}

export function dropUnsaved(storage: Storage, record: string): void {
  storage.removeItem(storageKey(record));
}

/** The form closes: kept for after signing in if the session ended, else dropped (the curator chose to leave). */
export function closeForm(storage: Storage, record: string, sessionEnded: boolean): void {
  const text = read(storage, record);
  if (!text) return;
  if (sessionEnded) write(storage, record, { ...text, kept: true });
  else dropUnsaved(storage, record);
}

/** The text to put back into a record's form for this curator, if the session ended while they typed it. */
export function keptFor(storage: Storage, record: string, user: string | null): Values | null {
  const text = read(storage, record);
  return text?.kept && text.user === user ? text.values : null;
}

/** Whether any form's text waits for this curator's sign-in (the login page says so). */
export function anyKept(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && read(storage, key.slice(PREFIX.length))?.kept) return true;
  }
  return false;
}

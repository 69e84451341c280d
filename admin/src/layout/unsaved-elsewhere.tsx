import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';

/*
 * Work on a form's screen that is not in the form's fields (a reading recorded and not kept yet):
 * the form's leaving guard (ConfirmUnsavedChanges) asks for it as it asks for typed changes. One
 * guard for both because React Router heeds one navigation blocker at a time (the last one made).
 */
interface UnsavedWork {
  /** What the leaving question says of each piece of such work (translation keys). */
  messages: string[];
  set(key: string, message: string | null): void;
}

const Context = createContext<UnsavedWork>({ messages: [], set: () => undefined });

/** Around a form (its fields and its guard) whose screen holds work of its own. */
export function UnsavedElsewhereProvider({ children }: { children: ReactNode }) {
  const [byKey, setByKey] = useState<Record<string, string>>({});
  const set = useCallback((key: string, message: string | null) => {
    setByKey((current) => {
      if ((current[key] ?? null) === message) return current;
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  }, []);
  const value = useMemo(() => ({ messages: Object.values(byKey), set }), [byKey, set]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** While `message` (a translation key) is given, leaving the screen asks first, in those words. */
export function useUnsavedElsewhere(message: string | null): void {
  const key = useId();
  const { set } = useContext(Context);
  useEffect(() => {
    set(key, message);
    return () => set(key, null);
  }, [key, message, set]);
}

/** The leaving question's words for the work outside the form; none when there is none. */
export const useUnsavedElsewhereMessages = (): string[] => useContext(Context).messages;

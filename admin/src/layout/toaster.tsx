import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '../constants.js';

export type ToastKind = 'success' | 'error' | 'blank' | 'custom' | 'loading';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}
interface ToastApi {
  show(kind: ToastKind, message: string, options?: { duration?: number }): number;
  success(message: string, options?: { duration?: number }): number;
  error(message: string, options?: { duration?: number }): number;
  loading(message: string): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToasterProvider');
  return api;
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    if (!Number.isFinite(toast.duration)) return;
    const timer = setTimeout(() => onDone(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, onDone]);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
      <span aria-hidden className="toast-icon">
        {toast.kind === 'success' ? '✓' : toast.kind === 'error' ? '!' : toast.kind === 'loading' ? '…' : 'i'}
      </span>
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => onDone(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** Toasts of SPEC section 9: top-right, at most 20 at once, durations per kind. */
export function ToasterProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const show = (kind: ToastKind, message: string, options: { duration?: number } = {}) => {
      const id = nextId.current++;
      const duration = options.duration ?? TOAST_DURATION_MS[kind];
      setToasts((list) => [...list, { id, kind, message, duration }].slice(-TOAST_MAX_VISIBLE));
      return id;
    };
    return {
      show,
      success: (m, o) => show('success', m, o),
      error: (m, o) => show('error', m, o),
      loading: (m) => show('loading', m),
      dismiss,
    };
  }, [dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toaster" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

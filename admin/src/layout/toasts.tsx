import Box from '@mui/material/Box';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { isValidElement, useCallback, useEffect, useState } from 'react';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { ArchiveButton } from './archive-button.js';
import { admitToasts, toastDuration, type ToastOptions } from './toast-rules.js';

interface Toast {
  id: number;
  payload: NotificationPayload;
  open: boolean;
}

let lastId = 0;

/** Each type's colours, as react-admin's own notification has them (AA contrast with the theme's). */
const TYPE_SX = {
  success: { bgcolor: 'success.main', color: 'success.contrastText' },
  error: { bgcolor: 'error.main', color: 'error.contrastText' },
  warning: { bgcolor: 'warning.main', color: 'warning.contrastText' },
  info: {},
} as const;

function ToastItem({ toast, onClose, onExited }: { toast: Toast; onClose: (id: number) => void; onExited: (id: number) => void }) {
  const translate = useTranslate();
  const takeMutation = useTakeUndoableMutation();
  const { message, type, notificationOptions = {} } = toast.payload;
  const { messageArgs, multiLine, undoable, until } = notificationOptions as typeof notificationOptions & ToastOptions;
  const close = useCallback(() => onClose(toast.id), [onClose, toast.id]);
  // A loading toast goes when its work ends, whichever way.
  useEffect(() => {
    if (!until) return;
    let live = true;
    void until.finally(() => live && close()).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [until, close]);
  // react-admin's undoable mutations wait on their notification: sent when it goes, dropped on Undo.
  const settleUndoable = (isUndo: boolean) => {
    if (undoable) takeMutation()?.({ isUndo });
  };
  const duration = toastDuration(toast.payload);
  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={toast.open}
        autoHideDuration={duration ?? undefined}
        // Clicking elsewhere leaves a toast its time; Escape and its own buttons close it.
        onClose={(_e: unknown, reason?: SnackbarCloseReason) => reason !== 'clickaway' && close()}
        disableWindowBlurListener={undoable}
        slotProps={{
          transition: {
            onExited: () => {
              settleUndoable(false);
              onExited(toast.id);
            },
          },
          content: { sx: { ...TYPE_SX[type], ...(multiLine ? { whiteSpace: 'pre-wrap' } : {}) } },
        }}
        // In the stack's flow rather than fixed at the corner, so several show one under another.
        sx={{ position: 'static', transform: 'none', inset: 'auto' }}
        message={typeof message === 'string' ? translate(message, messageArgs) : undefined}
        action={
          undoable ? (
            <ArchiveButton
              variant="ghost"
              color="inherit"
              size="sm"
              onClick={() => {
                settleUndoable(true);
                close();
              }}
            >
              {translate('ra.action.undo')}
            </ArchiveButton>
          ) : null
        }
      >
        {/* A component as the message (react-admin's way), wrapped so the transition can hold a ref to it. */}
        {isValidElement(message) ? <div>{message}</div> : undefined}
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}

/**
 * The admin's toasts (SPEC section 9), in place of react-admin's Notification, which shows one at
 * a time: every notification raised with react-admin's useNotify, stacked at the top right, at
 * most 20 at once, each for its kind's time (toast-rules.ts).
 */
export function Toasts() {
  const { notifications, setNotifications } = useNotificationContext();
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Each notification is shown once, however often this effect sees it.
  const [taken] = useState(() => new WeakSet<NotificationPayload>());

  useEffect(() => {
    if (!notifications.length) return;
    // Only those seen here leave react-admin's queue: one raised meanwhile waits for the next run.
    setNotifications((queued) => queued.filter((n) => !notifications.includes(n)));
    const fresh = notifications.filter((n) => !taken.has(n));
    fresh.forEach((n) => taken.add(n));
    if (!fresh.length) return;
    const incoming = fresh.map((payload) => ({ id: ++lastId, payload, open: true }));
    setToasts((shown) => admitToasts(shown, incoming));
  }, [notifications, setNotifications, taken]);

  const close = useCallback((id: number) => setToasts((shown) => shown.map((t) => (t.id === id ? { ...t, open: false } : t))), []);
  const remove = useCallback((id: number) => setToasts((shown) => shown.filter((t) => t.id !== id)), []);

  if (!toasts.length) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        top: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 'auto' },
        zIndex: 'snackbar',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1,
        maxHeight: 'calc(100vh - 16px)',
        overflow: 'hidden',
        // The gaps between toasts do not catch clicks meant for the page below.
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={close} onExited={remove} />
      ))}
    </Box>
  );
}

import type { Id, toast as Toast, ToastContent, ToastOptions } from 'react-toastify';

/** Durations of customer-area section 9: success 2000 ms, everything else 4000 ms, loading never expires. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

type Options = Omit<ToastOptions, 'type'>;

let hostWanted = false;
const hostListeners = new Set<() => void>();

/** Whether a toast has been raised yet: the toast host (AppProviders) renders from then on. */
export function toastHostWanted(): boolean {
  return hostWanted;
}

/** Tells `listener` when the first toast is raised (for useSyncExternalStore); returns the unsubscribe. */
export function subscribeToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/**
 * Toastify and its container are loaded with the first toast, never with a page: no screen shows a
 * toast as it opens, and toastify's style sheet does not restyle the page while it starts. A toast
 * raised before the container has mounted waits in toastify's queue.
 */
function withToast(show: (toast: typeof Toast) => unknown): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  void import('react-toastify').then(({ toast }) => show(toast));
}

/** The only way screens raise toasts, so durations stay as the spec says. */
export const notify = {
  message: (content: ToastContent, options?: Options): void =>
    withToast((toast) => toast(content, { autoClose: TOAST_DURATION_MS, ...options })),
  success: (content: ToastContent, options?: Options): void =>
    withToast((toast) => toast.success(content, { autoClose: SUCCESS_TOAST_DURATION_MS, ...options })),
  error: (content: ToastContent, options?: Options): void =>
    withToast((toast) => toast.error(content, { autoClose: TOAST_DURATION_MS, ...options })),
  info: (content: ToastContent, options?: Options): void =>
    withToast((toast) => toast.info(content, { autoClose: TOAST_DURATION_MS, ...options })),
  warning: (content: ToastContent, options?: Options): void =>
    withToast((toast) => toast.warning(content, { autoClose: TOAST_DURATION_MS, ...options })),
  /** Stays until dismissed or updated. */
  loading: (content: ToastContent, options?: Options): void =>
    withToast((toast) => toast.loading(content, { ...options, autoClose: false })),
  dismiss: (id?: Id): void => withToast((toast) => toast.dismiss(id)),
};

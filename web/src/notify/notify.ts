import type { Id, toast as Toast, ToastContent, ToastOptions } from 'react-toastify';

/** Durations of customer-area section 9: success 2000 ms, everything else 4000 ms, loading never expires. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

type Options = Omit<ToastOptions, 'type'>;

/**
 * Toastify is loaded with the first toast (or when the page has rendered, see ToastHost), never before
 * the first paint: no screen shows a toast as it opens.
 */
function withToast(show: (toast: typeof Toast) => unknown): void {
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

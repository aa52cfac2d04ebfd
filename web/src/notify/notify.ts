import { type Id, type ToastContent, type ToastOptions, toast } from 'react-toastify';

/** Durations of customer-area section 9: success 2000 ms, everything else 4000 ms, loading never expires. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

type Options = Omit<ToastOptions, 'type'>;

/** The only way screens raise toasts, so durations stay as the spec says. */
export const notify = {
  message: (content: ToastContent, options?: Options): Id =>
    toast(content, { autoClose: TOAST_DURATION_MS, ...options }),
  success: (content: ToastContent, options?: Options): Id =>
    toast.success(content, { autoClose: SUCCESS_TOAST_DURATION_MS, ...options }),
  error: (content: ToastContent, options?: Options): Id =>
    toast.error(content, { autoClose: TOAST_DURATION_MS, ...options }),
  info: (content: ToastContent, options?: Options): Id =>
    toast.info(content, { autoClose: TOAST_DURATION_MS, ...options }),
  warning: (content: ToastContent, options?: Options): Id =>
    toast.warning(content, { autoClose: TOAST_DURATION_MS, ...options }),
  /** Stays until dismissed or updated. */
  loading: (content: ToastContent, options?: Options): Id =>
    toast.loading(content, { ...options, autoClose: false }),
  dismiss: (id?: Id): void => toast.dismiss(id),
};

import { cssTransition, ToastContainer } from 'react-toastify';
import { TOAST_DURATION_MS } from './notify';

/**
 * Toastify's bounce, with the exit stretched to 700 ms: with the 300 ms collapse a dismissed toast is
 * gone 1000 ms after dismissal, as the spec asks (the duration is set in app.css, `.mmfa-toast-exit`).
 * The position suffix is appended to the last class, so toastify's own classes come last.
 */
const bounce = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'mmfa-toast-exit Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapseDuration: 300,
});

/** Bottom-right, 4000 ms by default, at most 20 at once, 350 px wide at most (app.css). */
export function ToastHost() {
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_DURATION_MS}
      limit={20}
      transition={bounce}
      newestOnTop={false}
      closeOnClick={false}
      pauseOnHover
      theme="light"
    />
  );
}

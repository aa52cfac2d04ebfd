/**
 * Runs `task` when the browser is idle (requestIdleCallback, or a timeout where it is missing), at the
 * latest after `timeout` ms; returns the cancel function. For work no visitor waits for, so it does not
 * share a task with the page's start-up.
 */
export function whenIdle(task: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}

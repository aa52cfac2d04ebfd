/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** A fixed page title label, instead of the one built from the path. */
  title?: string;
}

export function routeHandle(handle: unknown): RouteHandle {
  if (handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string') {
    return { title: handle.title };
  }
  return {};
}

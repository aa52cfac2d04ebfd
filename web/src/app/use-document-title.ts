import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { fixedTitle, pageTitle } from '../browser/page-title';
import { routeHandle } from './route-handle';

/** Keeps `document.title` in step with the current route. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const deepest = matches.at(-1);
  const fixed = routeHandle(deepest?.handle).title;
  const dynamicValues = Object.values(deepest?.params ?? {}).filter(
    (v): v is string => typeof v === 'string',
  );
  const title = fixed ? fixedTitle(fixed) : pageTitle(pathname, dynamicValues);

  useEffect(() => {
    document.title = title;
  }, [title]);
}

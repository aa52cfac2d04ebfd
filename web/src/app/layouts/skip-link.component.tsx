import type { MouseEvent } from 'react';

/** The id of the page's main region (site.layout and admin.layout), the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing Tab reaches on every page: "Skip to main content", shown once focused, moves the
 * focus past the navigation into the page's main region.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // The router would take the fragment for a navigation: move the focus here instead.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="mmfa-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}

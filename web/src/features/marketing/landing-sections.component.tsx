import { type ComponentType, startTransition, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../browser/when-idle';
import { ClosingBandSection } from './closing-band.section';
import { GetInTouchSection } from './get-in-touch.section';
import { MarketingPricingSection } from './marketing-pricing.section';
import { NewsletterBox } from './newsletter-box.component';

const SECTIONS: Array<{ key: string; Section: ComponentType }> = [
  { key: 'pricing', Section: MarketingPricingSection },
  { key: 'get-in-touch', Section: GetInTouchSection },
  { key: 'newsletter', Section: NewsletterBox },
  { key: 'closing-band', Section: ClosingBandSection },
];

/**
 * Everything of the landing page below the sign-in screen (loaded after it, to keep that fast). The
 * sections render one at a time, each in a transition once the browser is idle: no single task of the
 * page's start-up renders them all. The section the address's anchor names (Learn More's #pricing) is
 * scrolled to once it has rendered: the browser found nothing to scroll to when the anchor was followed.
 */
export function LandingSections() {
  const [shown, setShown] = useState(0);
  const scrolledToAnchor = useRef(false);
  useEffect(() => {
    if (!scrolledToAnchor.current && window.location.hash.length > 1) {
      const anchor = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (anchor) {
        scrolledToAnchor.current = true;
        anchor.scrollIntoView();
      }
    }
    if (shown >= SECTIONS.length) return;
    return whenIdle(() => startTransition(() => setShown(shown + 1)));
  }, [shown]);
  return SECTIONS.slice(0, shown).map(({ key, Section }) => <Section key={key} />);
}

import { type ComponentType, startTransition, useEffect, useState } from 'react';
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
 * page's start-up renders them all.
 */
export function LandingSections() {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= SECTIONS.length) return;
    return whenIdle(() => startTransition(() => setShown(shown + 1)));
  }, [shown]);
  return SECTIONS.slice(0, shown).map(({ key, Section }) => <Section key={key} />);
}

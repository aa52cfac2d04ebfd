import { ClosingBandSection } from './closing-band.section';
import { GetInTouchSection } from './get-in-touch.section';
import { MarketingPricingSection } from './marketing-pricing.section';
import { NewsletterBox } from './newsletter-box.component';

/** Everything of the landing page below the sign-in screen (loaded after it, to keep that fast). */
export function LandingSections() {
  return (
    <>
      <MarketingPricingSection />
      <GetInTouchSection />
      <NewsletterBox />
      <ClosingBandSection />
    </>
  );
}

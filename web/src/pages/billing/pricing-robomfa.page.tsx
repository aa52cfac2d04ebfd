import { NotBuiltYet } from '../../components/not-built-yet.component';

export function PricingRoboMfaPage() {
  return (
    <NotBuiltYet
      title="RoboMFA Pricing"
      purpose="The Basic, Professional and Enterprise RoboMFA plans; choosing one goes on to payment."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function PromotionPage() {
  return (
    <NotBuiltYet
      title="Join the Waitlist"
      purpose="Leave your e-mail address, confirm it with the 6-digit code we send, and get 20% off your first MultiMFA."
    />
  );
}

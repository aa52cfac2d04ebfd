import { NotBuiltYet } from '../../components/not-built-yet.component';

export function PaymentPage() {
  return (
    <NotBuiltYet title="Payment" purpose="Pay for the chosen plan by card, with an optional discount code." />
  );
}

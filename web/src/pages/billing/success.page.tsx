import { NotBuiltYet } from '../../components/not-built-yet.component';

export function SuccessPage() {
  return (
    <NotBuiltYet
      title="Payment Completed"
      purpose="Confirms “Payment Completed Successfully”, completes the purchase and returns to the dashboard."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DiscountEmailsPage() {
  return (
    <NotBuiltYet
      title="Discounts Mailing List"
      purpose="Send an active discount code by e-mail to the waitlist prospects you select."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function CreditCardManagementPage() {
  return (
    <NotBuiltYet
      title="Credit Card Management"
      purpose="Your saved cards, masked to the last 4 digits, with update and delete, and an Add Card button."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function NumbersPage() {
  return (
    <NotBuiltYet
      title="Numbers"
      purpose="The pool of telephony numbers: add numbers, edit or delete those not occupied, and search by phone number."
    />
  );
}

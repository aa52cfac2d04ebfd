import { NotBuiltYet } from '../../components/not-built-yet.component';

export function CreateCardPage() {
  return (
    <NotBuiltYet title="Add Card" purpose="Add a card through the payment provider’s secure card form." />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function AddMultiMfaPage() {
  return (
    <NotBuiltYet
      title="Create MultiMFA"
      purpose="Name, country and description of a new MultiMFA team number, then on to choosing a plan."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function TermsPage() {
  return (
    <NotBuiltYet title="Terms & Conditions" purpose="The terms and conditions of the MultiMFA service." />
  );
}

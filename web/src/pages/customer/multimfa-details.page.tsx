import { NotBuiltYet } from '../../components/not-built-yet.component';

export function MultiMfaDetailsPage() {
  return (
    <NotBuiltYet
      title="MultiMFA Details"
      purpose="A MultiMFA number’s plan, status, auto-renewal and description, and the members who receive its codes by e-mail and/or mobile."
    />
  );
}

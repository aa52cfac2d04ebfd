import { NotBuiltYet } from '../../components/not-built-yet.component';

export function ActivationPage() {
  return (
    <NotBuiltYet
      title="Member Invitation"
      purpose="Accept or reject an invitation to receive a MultiMFA number’s codes, with the token from the invitation link; accepting proves you control where the codes will go."
    />
  );
}

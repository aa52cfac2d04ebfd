import { NotBuiltYet } from '../../components/not-built-yet.component';

export function PrivacyPage() {
  return (
    <NotBuiltYet
      title="Privacy Policy"
      purpose="How MultiMFA collects, uses and protects your personal data."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function RoboMfaDetailsPage() {
  return (
    <NotBuiltYet
      title="RoboMFA Details"
      purpose="A RoboMFA number’s plan, status and auto-renewal, and its bots with their API keys."
    />
  );
}

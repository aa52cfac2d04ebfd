import { NotBuiltYet } from '../../components/not-built-yet.component';

export function AddRoboMfaPage() {
  return (
    <NotBuiltYet
      title="Create Your RoboMFA"
      purpose="Name, country and description of a new RoboMFA number for your bots, then on to choosing a plan."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function RoboMfasPage() {
  return (
    <NotBuiltYet
      title="RoboMFAs"
      purpose="Every customer’s RoboMFAs, filtered by date, with delete and CSV export."
    />
  );
}

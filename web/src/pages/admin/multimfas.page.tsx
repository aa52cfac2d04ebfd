import { NotBuiltYet } from '../../components/not-built-yet.component';

export function MultiMfasPage() {
  return (
    <NotBuiltYet
      title="MultiMFAs"
      purpose="Every customer’s MultiMFAs, filtered by date, with delete and CSV export."
    />
  );
}

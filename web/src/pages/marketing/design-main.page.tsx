import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DesignMainPage() {
  return (
    <NotBuiltYet
      title="Design: Main"
      purpose="Marketing template page with the pricing cards (Basic $5/mo, Business $15/mo, Enterprise $25/mo), a monthly/yearly toggle and a newsletter box."
    />
  );
}

import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DesignProductPage() {
  return (
    <NotBuiltYet
      title="Design: Product"
      purpose="Marketing template product page with placeholder text about MultiMFA team numbers and RoboMFA bot numbers."
    />
  );
}

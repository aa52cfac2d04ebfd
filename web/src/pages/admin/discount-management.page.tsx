import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DiscountManagementPage() {
  return (
    <NotBuiltYet
      title="Discount Management"
      purpose="Create, edit, filter and delete discount codes (flat or percentage), 25 per page."
    />
  );
}

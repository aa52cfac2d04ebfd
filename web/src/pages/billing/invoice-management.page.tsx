import { NotBuiltYet } from '../../components/not-built-yet.component';

export function InvoiceManagementPage() {
  return (
    <NotBuiltYet
      title="Invoice Management"
      purpose="Your invoices with amount, status and payment date; unpaid ones can be paid with a saved card."
    />
  );
}

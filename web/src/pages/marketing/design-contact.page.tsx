import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DesignContactPage() {
  return (
    <NotBuiltYet
      title="Design: Contact"
      purpose="Marketing template contact page: “Get in touch”, with a Name, Email and Message form and a Submit button."
    />
  );
}

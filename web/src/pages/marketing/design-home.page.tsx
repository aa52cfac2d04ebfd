import { NotBuiltYet } from '../../components/not-built-yet.component';

export function DesignHomePage() {
  return (
    <NotBuiltYet
      title="Design: Home"
      purpose="Marketing template home page: “Streamline your authentication process with our solution”, with Get Started and Learn More and placeholder text."
    />
  );
}

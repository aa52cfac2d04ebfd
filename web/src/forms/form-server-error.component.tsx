import { Alert } from '@mantine/core';

/** A server's message under a form (customer-area section 8: "Failures show under the form"). */
export function FormServerError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-server-error">
      {message}
    </Alert>
  );
}

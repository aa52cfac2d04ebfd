import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/** The e-mail verification modal: the 6-digit code (digits only) and Verify, enabled at exactly 6 digits. */
export function WaitlistCodeModal({
  emailAddress,
  verifying,
  onVerify,
  onClose,
}: {
  emailAddress: string;
  verifying: boolean;
  onVerify: (code: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  return (
    <Modal opened onClose={onClose} title="Email Verification" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === 6) onVerify(code);
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            We sent a 6-digit code to <strong>{emailAddress}</strong>. It is valid for 10 minutes.
          </Text>
          <TextInput
            label="Verification code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            data-autofocus
          />
          <Button type="submit" disabled={code.length !== 6} loading={verifying}>
            Verify
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

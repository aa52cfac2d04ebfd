import { Stack } from '@mantine/core';
import { useState } from 'react';
import { CodeStep } from './code-step.component';
import type { VerificationMode } from './email-verification.schema';
import { NewPasswordStep } from './new-password-step.component';
import { SendCodeStep } from './send-code-step.component';
import { VerificationProgress } from './verification-progress.component';

const STEP_LABELS: Record<VerificationMode, readonly string[]> = {
  verify: ['Email', 'Code'],
  'forgot-password': ['Email', 'Code', 'New password'],
};

export interface EmailVerificationStepperProps {
  mode: VerificationMode;
  /** verify mode: the signed-in user's address, locked. */
  emailAddress?: string;
  /**
   * forgot-password mode: the address and code of a set-password link (an administrator created the
   * account or reset its password): the code step opens with both filled in.
   */
  link?: { emailAddress: string; code: string };
  /** A code was just e-mailed to `emailAddress` (by sign-up): the stepper opens at the code step. */
  codeSent?: boolean;
  /** After the last step: the code is verified (verify) or the password changed (forgot-password). */
  onDone: () => void;
}

/**
 * The e-mail verification stepper (customer-area section 2): e-mail and "Send Code" (or "I already have
 * a code"), then the code and "Verify", then (forgot password only) the new password and "Change
 * Password".
 */
export function EmailVerificationStepper({
  mode,
  emailAddress = '',
  link,
  codeSent = false,
  onDone,
}: EmailVerificationStepperProps) {
  const [step, setStep] = useState(link || codeSent ? 1 : 0);
  const [sentTo, setSentTo] = useState(link?.emailAddress ?? emailAddress);
  const locked = mode === 'verify';
  const toCodeStep = (address: string) => {
    setSentTo(address);
    setStep(1);
  };

  return (
    <Stack gap="lg">
      <VerificationProgress steps={STEP_LABELS[mode]} active={step} />
      {step === 0 && (
        <SendCodeStep defaultEmail={sentTo} locked={locked} onSent={toCodeStep} onHaveCode={toCodeStep} />
      )}
      {step === 1 && (
        <CodeStep
          emailAddress={sentTo}
          defaultCode={link && sentTo === link.emailAddress ? link.code : undefined}
          onVerified={mode === 'verify' ? onDone : () => setStep(2)}
          onChangeEmail={locked ? undefined : () => setStep(0)}
        />
      )}
      {step === 2 && <NewPasswordStep emailAddress={sentTo} onChanged={onDone} />}
    </Stack>
  );
}

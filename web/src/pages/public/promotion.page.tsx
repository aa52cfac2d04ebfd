import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { emailAddressField, WAITLIST_THANK_YOU } from '@multimfa/api-contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { errorMessage } from '../../api/api-error';
import { ConfettiBurst } from '../../components/confetti-burst.component';
import { IntroVideo } from '../../features/marketing/intro-video.component';
import {
  useJoinWaitlist,
  useUnsubscribeOffers,
  useVerifyWaitlist,
} from '../../features/waitlist/use-waitlist';
import { WaitlistCodeModal } from '../../features/waitlist/waitlist-code-modal.component';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';

const PrivacyPage = lazy(() => import('./privacy.page').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('./terms.page').then((m) => ({ default: m.TermsPage })));

/** admin-area section 9: 1500 pieces, no recycling, hidden after 2000 ms. */
const CONFETTI_MS = 2000;

const waitlistSchema = z.object({ email: emailAddressField });

function LegalModal({ which, onClose }: { which: 'privacy' | 'terms'; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={which === 'privacy' ? 'Privacy Policy' : 'Terms & Conditions'}
    >
      <Suspense fallback={<Loader aria-label="Loading" />}>
        {which === 'privacy' ? <PrivacyPage /> : <TermsPage />}
      </Suspense>
    </Modal>
  );
}

/** The unsubscribe link of a discount e-mail lands here (?unsubscribe=…&email=…). */
function useUnsubscribeFromLink() {
  const [search, setSearch] = useSearchParams();
  const unsubscribe = useUnsubscribeOffers();
  const asked = useRef(false);
  const token = search.get('unsubscribe');
  const email = search.get('email');
  useEffect(() => {
    if (!token || !email || asked.current) return;
    asked.current = true;
    unsubscribe.mutate(
      { email, token },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(errorMessage(error)),
        onSettled: () => setSearch({}, { replace: true }),
      },
    );
  }, [token, email, unsubscribe, setSearch]);
}

/**
 * /promotion, the public waitlist: an e-mail address and the agreement, then the 6-digit code e-mailed
 * to it; a confirmed address gets 20% off its first MultiMFA. The newsletter box brings the address.
 */
export function PromotionPage() {
  const location = useLocation();
  const carried = (location.state as { emailAddress?: string } | null)?.emailAddress ?? '';
  const form = useZodForm(waitlistSchema, { defaultValues: { email: carried } });
  const [agreed, setAgreed] = useState(false);
  const [legal, setLegal] = useState<'privacy' | 'terms'>();
  const [verifying, setVerifying] = useState<string>();
  const [confetti, setConfetti] = useState(false);
  const join = useJoinWaitlist();
  const verify = useVerifyWaitlist();
  useUnsubscribeFromLink();

  useEffect(() => {
    if (!confetti) return;
    const timer = setTimeout(() => setConfetti(false), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, [confetti]);

  const submit = form.handleSubmit(({ email }) => {
    if (!agreed) return;
    join.mutate(
      { email },
      {
        onSuccess: () => setVerifying(email),
        onError: (error) => {
          form.reset({ email: '' });
          setAgreed(false);
          notify.error(errorMessage(error));
        },
      },
    );
  });

  const confirm = (code: string) => {
    if (!verifying) return;
    verify.mutate(
      { email: verifying, token: code },
      {
        onSuccess: () => {
          setVerifying(undefined);
          form.reset({ email: '' });
          setAgreed(false);
          notify.success(WAITLIST_THANK_YOU);
          setConfetti(true);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <Container size="sm" py="xl">
      {confetti && <ConfettiBurst pieces={1500} />}
      <Paper withBorder p={{ base: 'lg', md: 'xl' }}>
        <Stack gap="md">
          <Title order={1}>Join the MultiMFA waitlist</Title>
          <Text>
            Leave your e-mail address and get <strong>20% off your first MultiMFA</strong>. We send you a
            6-digit code to confirm that the address is yours.
          </Text>
          <form onSubmit={submit} noValidate aria-label="Join the waitlist">
            <Stack gap="sm">
              <TextInput
                label="Email"
                type="email"
                placeholder="Please enter your email"
                autoComplete="email"
                {...fieldProps(form, 'email')}
              />
              <Checkbox
                checked={agreed}
                onChange={(event) => setAgreed(event.currentTarget.checked)}
                label={
                  <>
                    I agree to the{' '}
                    <Anchor component="button" type="button" onClick={() => setLegal('privacy')}>
                      Privacy Policy
                    </Anchor>{' '}
                    and the{' '}
                    <Anchor component="button" type="button" onClick={() => setLegal('terms')}>
                      Terms &amp; Conditions
                    </Anchor>
                  </>
                }
              />
              <Button type="submit" disabled={!agreed} loading={join.isPending} w="fit-content">
                Submit
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
      <Box maw={440} mx="auto" mt="lg">
        <IntroVideo />
      </Box>
      {legal && <LegalModal which={legal} onClose={() => setLegal(undefined)} />}
      {verifying && (
        <WaitlistCodeModal
          emailAddress={verifying}
          verifying={verify.isPending}
          onVerify={confirm}
          onClose={() => setVerifying(undefined)}
        />
      )}
    </Container>
  );
}

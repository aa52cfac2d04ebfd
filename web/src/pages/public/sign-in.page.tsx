import { Box, Container, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type ComponentType,
  type RefObject,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { takeSignInNotice } from '../../api/sign-in-notice';
import { useNearViewport } from '../../browser/near-viewport';
import { readLoginRouteState } from '../../features/auth/login-route-state';
import { SignInFormCard } from '../../features/auth/sign-in-form.component';
import { landingPathFor } from '../../features/auth/sign-in-routing';
import { useSsoCallback } from '../../features/auth/use-sso-callback';
import { IntroVideo } from '../../features/marketing/intro-video.component';
import { MarketingHero } from '../../features/marketing/marketing-hero.component';
import { useSession } from '../../session/session-store';
import { isSignedOutState } from '../../session/signed-out-state';

/**
 * The landing page's sections below the sign-in screen: their code loads when the visitor comes near
 * them (the end of the screen within a quarter of a screen height of the visible part) or asks for
 * one by its anchor (Learn More's #pricing), and they render in a transition then (no Suspense
 * fallback to reveal). A visitor who only signs in never pays for them: on a phone the sign-in screen
 * ends more than half a screen below the fold.
 */
function useLandingSections(wanted: boolean, screenEnd: RefObject<HTMLDivElement | null>, hash: string) {
  const [sections, setSections] = useState<{ Component: ComponentType }>();
  const near = useNearViewport(screenEnd, wanted);
  const load = wanted && (near || hash !== '');
  useEffect(() => {
    if (!load) return;
    let active = true;
    void import('../../features/marketing/landing-sections.component').then(({ LandingSections }) => {
      if (active) startTransition(() => setSections({ Component: LandingSections }));
    });
    return () => {
      active = false;
    };
  }, [load]);
  return wanted ? sections?.Component : undefined;
}

const highlights = [
  'One shared number for your whole team',
  'Codes forwarded by e-mail, mobile or both',
  'RoboMFA numbers for your bots, with API keys',
];

/**
 * The sign-in screen, at / and at /login: the marketing copy beside the form. At / (the landing page)
 * the marketing sections follow, loaded after the screen itself. A signed-in visitor goes on to their
 * landing page (after a Google sign-up, for example), unless a Google callback is being handled or
 * they have just signed out.
 */
export function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const sso = useSsoCallback();
  // An expired session sent the browser here: its message (taken from storage once per page load).
  const [notice] = useState(takeSignInNotice);
  const handoff = readLoginRouteState(location.state);
  const screenEnd = useRef<HTMLDivElement>(null);
  const LandingSections = useLandingSections(location.pathname === '/', screenEnd, location.hash);

  if (session.isLoggedIn && !sso.busy && !isSignedOutState(location.state)) {
    return <Navigate to={landingPathFor(session)} replace />;
  }

  // Each <Suspense> is a region React hydrates on its own, after the rest and in a task of its own, when
  // the screen comes prerendered (sign-in.html): three short commits instead of one long one. They
  // never show a fallback: nothing in them suspends.
  return (
    <>
      <Container size="lg" py={{ base: 'md', md: 'xl' }}>
        <Grid gap={{ base: 'xl', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Suspense fallback={null}>
              <MarketingHero>
                <List
                  spacing="xs"
                  icon={
                    <ThemeIcon size={20} radius="xl">
                      <span aria-hidden="true">✓</span>
                    </ThemeIcon>
                  }
                >
                  {highlights.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </MarketingHero>
            </Suspense>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Suspense fallback={null}>
              <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto">
                <Stack gap="lg">
                  <Stack gap={4}>
                    <Title order={2} size="h3">
                      Sign in
                    </Title>
                    <Text size="sm" c="dimmed">
                      Welcome back to MultiMFA
                    </Text>
                  </Stack>
                  <SignInFormCard
                    defaultEmail={handoff?.emailAddress}
                    ssoError={sso.error ?? notice}
                    ssoBusy={sso.busy}
                  />
                </Stack>
              </Paper>
            </Suspense>
            <Suspense fallback={null}>
              <Box maw={440} mx="auto" mt="lg">
                <IntroVideo />
              </Box>
            </Suspense>
          </Grid.Col>
        </Grid>
      </Container>
      <div ref={screenEnd} />
      {LandingSections && <LandingSections />}
    </>
  );
}

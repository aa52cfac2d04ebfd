import { Box, Container, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { takeSignInNotice } from '../../api/sign-in-notice';
import { whenIdle } from '../../browser/when-idle';
import { readLoginRouteState } from '../../features/auth/login-route-state';
import { SignInFormCard } from '../../features/auth/sign-in-form.component';
import { landingPathFor } from '../../features/auth/sign-in-routing';
import { useSsoCallback } from '../../features/auth/use-sso-callback';
import { IntroVideo } from '../../features/marketing/intro-video.component';
import { MarketingHero } from '../../features/marketing/marketing-hero.component';
import { useSession } from '../../session/session-store';
import { isSignedOutState } from '../../session/signed-out-state';

/**
 * The landing page's sections below the sign-in screen: their code loads once the screen is shown and
 * the browser is idle, and they render in a transition then (no Suspense fallback to reveal).
 */
function useLandingSections(wanted: boolean): ComponentType | undefined {
  const [sections, setSections] = useState<{ Component: ComponentType }>();
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    const cancel = whenIdle(() => {
      void import('../../features/marketing/landing-sections.component').then(({ LandingSections }) => {
        if (active) startTransition(() => setSections({ Component: LandingSections }));
      });
    });
    return () => {
      active = false;
      cancel();
    };
  }, [wanted]);
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
  const LandingSections = useLandingSections(location.pathname === '/');

  if (session.isLoggedIn && !sso.busy && !isSignedOutState(location.state)) {
    return <Navigate to={landingPathFor(session)} replace />;
  }

  return (
    <>
      <Container size="lg" py={{ base: 'md', md: 'xl' }}>
        <Grid gap={{ base: 'xl', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
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
            <Box maw={440} mx="auto" mt="lg">
              <IntroVideo />
            </Box>
          </Grid.Col>
        </Grid>
      </Container>
      {LandingSections && <LandingSections />}
    </>
  );
}

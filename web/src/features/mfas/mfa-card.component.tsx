import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { MultiMfa, RoboMfa } from '@multimfa/api-contract';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/status-badge.component';
import { formatPaymentDate } from './payment-date';

/** What a dashboard card shows of a MultiMFA or a RoboMFA. */
export interface MfaCardView {
  kind: 'MultiMFA' | 'RoboMFA';
  id: string;
  name: string;
  planName: string;
  nextPaymentDate: string;
  active: boolean;
  /** The assigned number; empty while none is assigned. */
  number: string;
  pending: boolean;
  countryName: string;
  countryCode: string;
}

export const multiMfaCard = (mfa: MultiMfa): MfaCardView => ({
  kind: 'MultiMFA',
  id: mfa.multiMFAId,
  name: mfa.name,
  planName: mfa.plans.planName,
  nextPaymentDate: mfa.nextPaymentDate,
  active: mfa.isSubscriptionActive,
  number: mfa.twillioNo,
  pending: mfa.isNumberPending,
  countryName: mfa.multiMFACountry.name,
  countryCode: mfa.multiMFACountry.code,
});

export const roboMfaCard = (mfa: RoboMfa): MfaCardView => ({
  kind: 'RoboMFA',
  id: mfa.roboMFAId,
  name: mfa.name,
  planName: mfa.plans.planName,
  nextPaymentDate: mfa.nextPaymentDate,
  active: mfa.isSubscriptionActive,
  number: mfa.twilioNo,
  pending: mfa.isNumberPending,
  countryName: mfa.multiMFACountry.name,
  countryCode: mfa.multiMFACountry.code,
});

const detailPath = (mfa: MfaCardView) =>
  mfa.kind === 'MultiMFA' ? `/details/${mfa.id}` : `/robo-mfa/details/${mfa.id}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

/**
 * One bought number (customer-area section 2, Dashboard): name, plan, next payment date (dd-Mon-yyyy),
 * Active or Expired, the number or N/A with the country code; the card opens its detail page.
 */
export function MfaCard({ mfa }: { mfa: MfaCardView }) {
  const headingId = `mfa-${mfa.id}-name`;
  return (
    <Card
      withBorder
      shadow="sm"
      radius="md"
      padding="lg"
      component={Link}
      to={detailPath(mfa)}
      aria-labelledby={headingId}
      data-testid="mfa-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={headingId} lineClamp={1}>
            {mfa.name}
          </Title>
          <StatusBadge color={mfa.active ? 'green' : 'red'} variant="light">
            {mfa.active ? 'Active' : 'Expired'}
          </StatusBadge>
        </Group>
        <Fact label="Plan">{mfa.planName}</Fact>
        <Fact label="Next payment">{formatPaymentDate(mfa.nextPaymentDate)}</Fact>
        <Fact label="Number">
          <span data-testid="mfa-number">{mfa.number || 'N/A'}</span>
          {mfa.pending && (
            <StatusBadge
              ml="xs"
              color="yellow"
              variant="light"
              title="A number is assigned as soon as one is free"
            >
              Pending
            </StatusBadge>
          )}
        </Fact>
        <Fact label="Country">
          {mfa.countryName} ({mfa.countryCode})
        </Fact>
      </Stack>
    </Card>
  );
}

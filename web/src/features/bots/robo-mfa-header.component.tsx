import { Button, Checkbox, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type RoboMfaDetail, updateRoboMfaBody } from '@multimfa/api-contract';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/status-badge.component';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { useSaveRoboMfa } from './use-robo-mfa';

/** A next payment date as the detail page shows it: the long local date ("March 5, 2026"). */
export function longLocalDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}

/**
 * The detail header: plan badge, editable name and description, read-only number, country and next
 * payment date, subscription badge, auto-renewal; Save and Back To Dashboard.
 */
export function RoboMfaHeader({ mfa }: { mfa: RoboMfaDetail }) {
  const save = useSaveRoboMfa(mfa.roboMFAId);
  const form = useZodForm(updateRoboMfaBody, {
    defaultValues: { name: mfa.name, description: mfa.description, autoRenewal: mfa.autoRenewal },
  });
  const { reset } = form;
  useEffect(() => {
    reset({ name: mfa.name, description: mfa.description, autoRenewal: mfa.autoRenewal });
  }, [reset, mfa.name, mfa.description, mfa.autoRenewal]);

  const submit = form.handleSubmit((values) => save.mutate(values));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={1} size="h3">
            RoboMFA Details
          </Title>
          <StatusBadge size="lg" aria-label="Plan">
            {mfa.plans.planName.toUpperCase()}
          </StatusBadge>
        </Group>
        <TextInput label="Name" withAsterisk {...fieldProps(form, 'name')} />
        <Group grow align="flex-start">
          <TextInput
            label="Number"
            readOnly
            value={mfa.isNumberPending ? 'Waiting for a number' : mfa.twilioNo}
          />
          <TextInput
            label="Country"
            readOnly
            value={`${mfa.multiMFACountry.name} (${mfa.multiMFACountry.code})`}
          />
          <TextInput label="Next Payment Date" readOnly value={longLocalDate(mfa.nextPaymentDate)} />
        </Group>
        <Group gap="sm">
          <StatusBadge color={mfa.isSubscriptionActive ? 'green' : 'red'} aria-label="Subscription status">
            {mfa.isSubscriptionActive ? 'ACTIVE' : 'EXPIRED'}
          </StatusBadge>
          <Checkbox label="Auto Renewal" {...form.register('autoRenewal')} />
        </Group>
        <Textarea label="Description" autosize minRows={3} {...fieldProps(form, 'description')} />
        <Group justify="space-between">
          <Button component={Link} to="/dashboard" variant="subtle">
            Back To Dashboard
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

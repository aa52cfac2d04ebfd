import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type RoboMfaDetail, updateRoboMfaBody } from '@multimfa/api-contract';
import { useEffect } from 'react';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { useSaveRoboMfa } from './use-robo-mfa';

/** A next payment date as the detail page shows it: the long local date ("March 5, 2026"). */
export function longLocalDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}

/**
 * The RoboMFA's header fields (the title, badges and back link are `DetailPage`'s): editable name and
 * description, read-only number, country and next payment date, auto-renewal; Save.
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
        <TextInput label="Name" withAsterisk {...fieldProps(form, 'name')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
        </SimpleGrid>
        <Checkbox label="Auto Renewal" {...form.register('autoRenewal')} />
        <Textarea label="Description" autosize minRows={2} {...fieldProps(form, 'description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

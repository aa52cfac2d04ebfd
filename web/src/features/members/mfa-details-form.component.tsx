import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type MultiMfaDetails, saveMfaBody } from '@multimfa/api-contract';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { useSaveMfa } from './use-mfa-details';

const changesSchema = saveMfaBody.omit({ multiMFAId: true });

/** A long local date ("March 5, 2026") in the browser's time zone. */
export const longLocalDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The MultiMFA's header fields (the title, badges and back link are `DetailPage`'s): name, description
 * and auto-renewal editable, the rest read-only. The form follows each refresh, except fields the user
 * has changed and not saved yet.
 */
export function MfaDetailsForm({ mfa }: { mfa: MultiMfaDetails }) {
  const form = useZodForm(changesSchema, {
    values: { name: mfa.name, description: mfa.description, autoRenewal: mfa.autoRenewal },
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveMfa(mfa.multiMFAId);

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    save.mutate(values, {
      onSuccess: (answer) =>
        form.reset({
          name: answer.data.MFA.name,
          description: answer.data.MFA.description,
          autoRenewal: answer.data.MFA.autoRenewal,
        }),
      onError: (error) => {
        setServerError(form, error instanceof ApiError ? error.message : 'Something went wrong');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...fieldProps(form, 'name')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Number" value={mfa.twillioNo || 'N/A'} readOnly />
          <TextInput
            label="Country"
            value={`${mfa.multiMFACountry.name} (${mfa.multiMFACountry.code})`}
            readOnly
          />
          <TextInput label="Next Payment Date" value={longLocalDate(mfa.nextPaymentDate)} readOnly />
        </SimpleGrid>
        <Checkbox label="Auto Renewal" {...form.register('autoRenewal')} />
        <Textarea label="Description" autosize minRows={2} {...fieldProps(form, 'description')} />
        <FormServerError message={serverError(form)} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useCountries } from '../../api/queries/countries';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { setBuffer, setUpgrade } from '../../session/session.actions';
import type { MfaType } from '../../session/session.schema';
import { sessionStore, useSession } from '../../session/session-store';
import { createMfaSchema } from './create-mfa.schema';

const PRICING_PATH: Record<MfaType, string> = { MultiMFA: '/pricing', RoboMFA: '/pricing-robomfa' };

/**
 * The create form of either kind (customer-area sections 2 and 4): Create keeps the draft in the
 * session's buffer (a new number, so no upgrade is held any more) and goes on to the kind's pricing
 * page; Back returns to the dashboard. A draft of the same kind, left by going back, fills the form.
 */
export function CreateMfaForm({ kind }: { kind: MfaType }) {
  const navigate = useNavigate();
  const { buffer } = useSession();
  const countries = useCountries();
  const draft = buffer?.MFAType === kind ? buffer : undefined;
  const form = useZodForm(createMfaSchema(kind), {
    defaultValues: {
      name: draft?.name ?? '',
      countryId: draft ? String(draft.countryId) : '',
      description: draft?.description ?? '',
    },
  });

  const submit = form.handleSubmit((values) => {
    sessionStore.apply(setBuffer, {
      name: values.name,
      description: values.description,
      countryId: Number(values.countryId),
      MFAType: kind,
    });
    sessionStore.apply(setUpgrade, '');
    void navigate(PRICING_PATH[kind]);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...fieldProps(form, 'name')} />
        <Controller
          control={form.control}
          name="countryId"
          render={({ field, fieldState }) => (
            <Select
              label="Country"
              placeholder={countries.isPending ? 'Loading countries...' : 'Select a country'}
              withAsterisk
              searchable
              nothingFoundMessage="No country found"
              data={(countries.data ?? []).map((country) => ({
                value: String(country.multiMFACountryId),
                label: `${country.name} (${country.code})`,
              }))}
              name={field.name}
              ref={field.ref}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Textarea label="Description" autosize minRows={3} {...fieldProps(form, 'description')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={() => void navigate('/dashboard')}>
            Back
          </Button>
          <Button type="submit">Create</Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { MobileNumberInput } from '../../forms/mobile-number-input.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import type { ProfileUpdate } from '../../session/session.actions';
import { useSession } from '../../session/session-store';
import { profileFormSchema } from './profile.schema';
import { useUpdateProfile } from './use-update-profile';

/** First name, last name and mobile number from the session; Update saves (trimmed), Cancel leaves. */
export function ProfileForm() {
  const session = useSession();
  const navigate = useNavigate();
  const saved: ProfileUpdate = {
    firstName: session.firstName,
    lastName: session.lastName,
    mobileNo: session.mobileNo,
  };
  // The form follows the session: refreshed from the server at start, or just saved.
  const form = useZodForm(profileFormSchema, { values: saved });
  const updateProfile = useUpdateProfile();

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    updateProfile.mutate(values, {
      // Shows the saved (trimmed) values even when the session did not change.
      onSuccess: (result) =>
        form.reset({ firstName: result.firstName, lastName: result.lastName, mobileNo: result.mobileNo }),
      onError: (error) => {
        if (error instanceof ApiError && error.hasServerMessage) setServerError(form, error.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="First Name" autoComplete="given-name" {...fieldProps(form, 'firstName')} />
        <TextInput label="Last Name" autoComplete="family-name" {...fieldProps(form, 'lastName')} />
        <MobileNumberInput {...fieldProps(form, 'mobileNo')} />
        <FormServerError message={serverError(form)} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={() => void navigate('/dashboard')}>
            Cancel
          </Button>
          <Button type="submit" loading={updateProfile.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

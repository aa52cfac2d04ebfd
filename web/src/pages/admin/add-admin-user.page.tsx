import { Button, Group, Stack, TextInput } from '@mantine/core';
import { createAdminBody } from '@multimfa/api-contract';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { FormPage } from '../../components/form-page.component';
import { useCreateAdmin } from '../../features/admin-users/use-report-users';
import { MobileNumberInput } from '../../forms/mobile-number-input.component';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';

const REPORT = '/admin/user-report';

function firstMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
  }
  return undefined;
}

/**
 * /admin/add-admin-user: first name, last name, mobile number and e-mail, all required. The new
 * administrator is e-mailed a link to set a password; on success the user report opens.
 */
export function AddAdminUserPage() {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const form = useZodForm(createAdminBody, {
    defaultValues: { firstName: '', lastName: '', mobileNo: '', email: '' },
  });
  const submit = form.handleSubmit(
    async (values) => {
      // A refusal (400: the server's message) is toasted by the mutation; the form stays.
      await create.mutateAsync(values).then(
        () => navigate(REPORT),
        () => undefined,
      );
    },
    (errors) => {
      const message = firstMessage(errors);
      if (message) notify.error(message);
    },
  );
  return (
    <FormPage
      title="Create Admin User"
      description="The new administrator receives an e-mail with a link to set their password."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="First Name" autoComplete="off" {...fieldProps(form, 'firstName')} />
          <TextInput label="Last Name" autoComplete="off" {...fieldProps(form, 'lastName')} />
          <MobileNumberInput {...fieldProps(form, 'mobileNo')} />
          <TextInput label="Email" type="email" autoComplete="off" {...fieldProps(form, 'email')} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={() => void navigate(REPORT)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </FormPage>
  );
}

import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type ForwardMedium,
  type MemberFields,
  type MultiMfaDetails,
  memberFields,
} from '@multimfa/api-contract';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { MobileNumberInput } from '../../forms/mobile-number-input.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';
import { setUpgrade } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';
import { exceedsPlan } from './seats';
import { useAddMember } from './use-mfa-details';

export const UPDATE_PLAN_MESSAGE = 'Please Update your Plan';

const MEDIUMS: Array<{ value: ForwardMedium; label: string }> = [
  { value: 'EMAIL', label: 'Email' },
  { value: 'MOBILE_NUMBER', label: 'Mobile Number' },
  { value: 'BOTH', label: 'Both' },
];

const EMPTY = { firstName: '', lastName: '', forwardMedium: undefined, mobileNo: '', email: '' };

/**
 * "Create New Member" (customer-area section 5 Add member and Capacity): the medium enables the
 * fields it needs and clears the other; over the plan's seats, the MultiMFA is selected for upgrade
 * and the browser goes to /pricing.
 */
export function AddMemberForm({ mfa }: { mfa: MultiMfaDetails }) {
  const navigate = useNavigate();
  const form = useZodForm(memberFields, {
    defaultValues: EMPTY as unknown as Partial<MemberFields>,
  });
  const add = useAddMember(mfa.multiMFAId);
  const medium = form.watch('forwardMedium') as ForwardMedium | undefined;

  const upgrade = () => {
    notify.error(UPDATE_PLAN_MESSAGE);
    sessionStore.apply(setUpgrade, mfa.multiMFAId);
    void navigate('/pricing');
  };

  const chooseMedium = (value: string | null) => {
    form.setValue('forwardMedium', (value ?? undefined) as ForwardMedium);
    if (value !== 'MOBILE_NUMBER' && value !== 'BOTH') form.setValue('mobileNo', '');
    if (value !== 'EMAIL' && value !== 'BOTH') form.setValue('email', '');
    form.clearErrors(['mobileNo', 'email', 'forwardMedium']);
  };

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    if (exceedsPlan(mfa.Members, values.forwardMedium, mfa.plans.noOfUsers)) {
      upgrade();
      return;
    }
    add.mutate(values, {
      onSuccess: () => form.reset(EMPTY as unknown as MemberFields),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'SEATS_EXCEEDED') upgrade();
        else setServerError(form, error instanceof ApiError ? error.message : 'Something went wrong');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create New Member">
      <Stack gap="sm">
        <Text fw={600}>Create New Member</Text>
        <Text size="sm" c="dimmed">
          Can add upto {mfa.plans.noOfUsers} users in current plan
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First Name" {...fieldProps(form, 'firstName')} />
          <TextInput label="Last Name" {...fieldProps(form, 'lastName')} />
        </SimpleGrid>
        <Select
          label="Forward Method"
          placeholder="Select forward method"
          data={MEDIUMS}
          value={medium ?? null}
          onChange={chooseMedium}
          error={fieldProps(form, 'forwardMedium').error}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MobileNumberInput
            {...fieldProps(form, 'mobileNo')}
            disabled={medium !== 'MOBILE_NUMBER' && medium !== 'BOTH'}
          />
          <TextInput
            label="Email"
            type="email"
            {...fieldProps(form, 'email')}
            disabled={medium !== 'EMAIL' && medium !== 'BOTH'}
          />
        </SimpleGrid>
        <FormServerError message={serverError(form)} />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

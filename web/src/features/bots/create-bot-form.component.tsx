import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { botReferenceNameField } from '@multimfa/api-contract';
import { z } from 'zod';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';
import { useCreateBot } from './use-robo-mfa';

const createBotSchema = z.object({ referenceName: botReferenceNameField });

/** "Create New Bot": a name, within the plan's number of bots (the server counts too). */
export function CreateBotForm({ mfaId, limit, count }: { mfaId: string; limit: number; count: number }) {
  const create = useCreateBot(mfaId);
  const form = useZodForm(createBotSchema, { defaultValues: { referenceName: '' } });

  const submit = form.handleSubmit((values) => {
    if (count >= limit) {
      notify.error(`Only ${limit} bot allowed as per current plan`);
      return;
    }
    create.mutate(values.referenceName, { onSuccess: () => form.reset({ referenceName: '' }) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Create New Bot
        </Title>
        <Text size="sm" c="dimmed">
          Can add upto {limit} bot in current plan
        </Text>
        <Group align="flex-start">
          <TextInput
            label="Bot Name"
            withAsterisk
            style={{ flex: 1 }}
            {...fieldProps(form, 'referenceName')}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

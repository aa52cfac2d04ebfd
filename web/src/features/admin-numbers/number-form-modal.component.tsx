import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type TwilioNumberBody, twilioNumberBody } from '@multimfa/api-contract';
import type { FieldErrors } from 'react-hook-form';
import { MobileNumberInput } from '../../forms/mobile-number-input.component';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';

export interface NumberFormModalProps {
  title: string;
  /** The values to start from: empty to add, the row's to edit. */
  initial: TwilioNumberBody;
  saving: boolean;
  onSave: (body: TwilioNumberBody) => Promise<unknown>;
  onClose: () => void;
}

const EMPTY: TwilioNumberBody = { mobileNo: '', sid: '', referenceName: '' };
export const emptyNumber = () => ({ ...EMPTY });

/** The first message of a refused form (admin-area section 8: validation messages are toasts too). */
function firstMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
  }
  return undefined;
}

/** The Add and Edit modals: mobile number, SID and reference name, all required. */
export function NumberFormModal({ title, initial, saving, onSave, onClose }: NumberFormModalProps) {
  const form = useZodForm(twilioNumberBody, { defaultValues: initial });
  const submit = form.handleSubmit(
    async (values) => {
      // A refusal is toasted with the server's message (see use-pool-numbers); the modal stays open.
      await onSave(values).then(onClose, () => undefined);
    },
    (errors) => {
      const message = firstMessage(errors);
      if (message) notify.error(message);
    },
  );
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <MobileNumberInput data-autofocus {...fieldProps(form, 'mobileNo')} />
          <TextInput
            label="SID"
            placeholder="PN followed by 32 hexadecimal characters"
            autoComplete="off"
            {...fieldProps(form, 'sid')}
          />
          <TextInput label="Reference Name" autoComplete="off" {...fieldProps(form, 'referenceName')} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

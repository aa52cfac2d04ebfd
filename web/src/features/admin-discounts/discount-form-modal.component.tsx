import { Button, Checkbox, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  createDiscountBody,
  DISCOUNT_CODE_MAX,
  type Discount,
  EXPIRY_IN_PAST_MESSAGE,
  updateDiscountBody,
} from '@multimfa/api-contract';
import type { FieldErrors } from 'react-hook-form';
import { fieldProps, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';

/** Today as the server counts it (UTC); the expiry must come after it. */
const today = () => new Date().toISOString().slice(0, 10);
const afterToday = (discount: { expiryDate: string }) => discount.expiryDate > today();
const expiryRule = { message: EXPIRY_IN_PAST_MESSAGE, path: ['expiryDate'] };

const createForm = createDiscountBody.refine(afterToday, expiryRule);
const editForm = updateDiscountBody;

function firstMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
  }
  return undefined;
}

const toastFirst = (errors: FieldErrors) => {
  const message = firstMessage(errors);
  if (message) notify.error(message);
};

const TYPES = [
  { value: 'FLAT', label: 'Flat' },
  { value: 'PERCENTAGE', label: 'Percentage' },
];

const numeric = { valueAsNumber: true } as const;

interface CreateProps {
  saving: boolean;
  onSave: (body: ReturnType<typeof createForm.parse>) => Promise<unknown>;
  onClose: () => void;
}

/** Create New: code, type, value (labelled with % for a percentage), max usage and expiry date. */
export function CreateDiscountModal({ saving, onSave, onClose }: CreateProps) {
  const form = useZodForm(createForm, {
    defaultValues: { code: '', discountType: 'PERCENTAGE', expiryDate: '' },
  });
  const type = form.watch('discountType');
  const submit = form.handleSubmit(async (values) => {
    await onSave(values).then(onClose, () => undefined);
  }, toastFirst);
  return (
    <Modal opened onClose={onClose} title="Create Discount" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code"
            data-autofocus
            maxLength={DISCOUNT_CODE_MAX}
            autoComplete="off"
            {...fieldProps(form, 'code')}
          />
          <NativeSelect label="Type" data={TYPES} {...fieldProps(form, 'discountType')} />
          <TextInput
            label={type === 'PERCENTAGE' ? 'Value (%)' : 'Value ($)'}
            type="number"
            step="0.01"
            min="0"
            {...form.register('value', numeric)}
            error={fieldProps(form, 'value').error}
          />
          <TextInput
            label="Max Usage"
            type="number"
            step="1"
            min="1"
            {...form.register('maxNoUsage', numeric)}
            error={fieldProps(form, 'maxNoUsage').error}
          />
          <TextInput label="Expiry Date" type="date" {...fieldProps(form, 'expiryDate')} />
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

interface EditProps {
  discount: Discount;
  saving: boolean;
  onSave: (body: ReturnType<typeof editForm.parse>) => Promise<unknown>;
  onClose: () => void;
}

/** Edit Discount - {code}: the value is read-only; Is Active can be changed. */
export function EditDiscountModal({ discount, saving, onSave, onClose }: EditProps) {
  const form = useZodForm(editForm, {
    defaultValues: {
      code: discount.code,
      discountType: discount.discountType,
      value: discount.value,
      maxNoUsage: discount.maxNoUsage,
      expiryDate: discount.expiryDate,
      isActive: discount.isActive,
    },
  });
  const type = form.watch('discountType');
  const submit = form.handleSubmit(async (values) => {
    if (values.expiryDate !== discount.expiryDate && !afterToday(values)) {
      notify.error(EXPIRY_IN_PAST_MESSAGE);
      return;
    }
    await onSave(values).then(onClose, () => undefined);
  }, toastFirst);
  return (
    <Modal opened onClose={onClose} title={`Edit Discount - ${discount.code}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code"
            maxLength={DISCOUNT_CODE_MAX}
            autoComplete="off"
            {...fieldProps(form, 'code')}
          />
          <NativeSelect label="Type" data={TYPES} {...fieldProps(form, 'discountType')} />
          <TextInput
            label={type === 'PERCENTAGE' ? 'Value (%)' : 'Value ($)'}
            type="number"
            readOnly
            description="The value of a discount cannot be changed"
            {...form.register('value', numeric)}
          />
          <TextInput
            label="Max Usage"
            type="number"
            step="1"
            min="1"
            {...form.register('maxNoUsage', numeric)}
            error={fieldProps(form, 'maxNoUsage').error}
          />
          <TextInput label="Expiry Date" type="date" {...fieldProps(form, 'expiryDate')} />
          <Checkbox label="Is Active" {...form.register('isActive')} />
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

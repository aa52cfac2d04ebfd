import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface DeleteDiscountModalProps {
  deleting: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** The delete confirmation, word for word (admin-area section 2), with No and Yes. */
export function DeleteDiscountModal({ deleting, onConfirm, onClose }: DeleteDiscountModalProps) {
  return (
    <Modal opened onClose={onClose} title="Delete Discount" centered>
      <Stack gap="md">
        <Text>Are you sure you want to delete this record?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            No
          </Button>
          <Button color="red" loading={deleting} onClick={() => void onConfirm().then(onClose, onClose)}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

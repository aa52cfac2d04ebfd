import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface DeleteNumberModalProps {
  id: number;
  deleting: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** The delete confirmation, word for word (admin-area section 2), with No and Yes. */
export function DeleteNumberModal({ id, deleting, onConfirm, onClose }: DeleteNumberModalProps) {
  return (
    <Modal opened onClose={onClose} title="Delete Number" centered>
      <Stack gap="md">
        <Text>{`Are you sure.? You want to delete record with id ${id}`}</Text>
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

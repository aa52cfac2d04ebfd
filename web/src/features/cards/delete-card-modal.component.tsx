import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export const DELETE_CARD_QUESTION = 'Are you sure you want to delete this record?';

/** The delete confirmation of Credit Card Management, with No and Yes. */
export function DeleteCardModal({
  deleting,
  onConfirm,
  onClose,
}: {
  deleting: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Delete Card" centered>
      <Stack gap="md">
        <Text>{DELETE_CARD_QUESTION}</Text>
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

import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  title: string;
  /** The question, word for word as the screen's spec gives it. */
  message: string;
  /** A smaller, dimmed line under the question. */
  note?: string;
  /** The buttons' words: Cancel and Delete unless the screen says otherwise (No and Yes). */
  cancelLabel?: string;
  confirmLabel?: string;
  /** The delete is under way: the confirm button spins. */
  pending: boolean;
  /** The delete; its failure is told by the mutation (a toast). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** A delete confirmation. Confirming closes it whatever the answer. */
export function ConfirmDeleteModal({
  title,
  message,
  note,
  cancelLabel = 'Cancel',
  confirmLabel = 'Delete',
  pending,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={pending} onClick={() => void onConfirm().then(onClose, onClose)}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

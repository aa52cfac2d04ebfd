import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface DeleteMfaModalProps {
  kind: 'MultiMFA' | 'RoboMFA';
  name: string;
  deleting: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The delete confirmation of a MultiMFA or RoboMFA (admin-area section 2, RoboMFAs, word for word;
 * the MultiMFA's reads the same with its kind). Confirming closes it whatever the answer.
 */
export function DeleteMfaModal({ kind, name, deleting, onConfirm, onClose }: DeleteMfaModalProps) {
  return (
    <Modal opened onClose={onClose} title={`Delete ${kind}`} centered>
      <Stack gap="md">
        <Text>{`Are you sure you want to delete ${kind.toLowerCase()} ${name}.?`}</Text>
        <Text c="dimmed" size="sm">
          This action can not be redone
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={() => void onConfirm().then(onClose, onClose)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

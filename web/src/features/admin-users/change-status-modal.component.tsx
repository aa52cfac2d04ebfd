import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReportUser } from '@multimfa/api-contract';

interface ChangeStatusModalProps {
  user: ReportUser;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

const fullName = (user: ReportUser) => `${user.firstName} ${user.lastName}`;

/** The Change Admin Status modal (admin-area section 2). */
export function ChangeStatusModal({ user, busy, onConfirm, onClose }: ChangeStatusModalProps) {
  return (
    <Modal opened onClose={onClose} title="Change Admin Status" centered>
      <Stack gap="md">
        <Text>{`Are you sure you want to change status of admin ${fullName(user)}.?`}</Text>
        <Text size="sm" c="dimmed">
          {user.isActive
            ? 'The user will be signed out and cannot sign in until made active again.'
            : 'The user will be able to sign in again.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void onConfirm().then(onClose, onClose)}>
            Update
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

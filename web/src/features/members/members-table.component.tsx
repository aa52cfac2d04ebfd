import { Badge, Button, Group, Table } from '@mantine/core';
import type { Member, MemberStatus } from '@multimfa/api-contract';
import { type ReactNode, useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { useDeleteMember } from './use-mfa-details';

const STATUS: Record<MemberStatus, { label: string; color: string }> = {
  AWAITING_INVITE: { label: 'Awaiting', color: 'gray' },
  INVITE_SENT: { label: 'Invite Sent', color: 'yellow' },
  VERIFIED: { label: 'Verified', color: 'green' },
};

const MEDIUM = { EMAIL: 'Email', MOBILE_NUMBER: 'Mobile Number', BOTH: 'Both' } as const;

/** The members of a MultiMFA; `inviteAction` renders the invite control of an unverified member. */
export function MembersTable({
  multiMFAId,
  members,
  inviteAction,
}: {
  multiMFAId: string;
  members: Member[];
  inviteAction?: (member: Member) => ReactNode;
}) {
  const [deleting, setDeleting] = useState<Member>();
  const remove = useDeleteMember(multiMFAId);

  return (
    <>
      <Table striped aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full Name</Table.Th>
            <Table.Th>Mobile No.</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Forward Method</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.memberId}>
              <Table.Td>{`${member.firstName} ${member.lastName}`}</Table.Td>
              <Table.Td>{member.mobileNo}</Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{MEDIUM[member.forwardMedium]}</Table.Td>
              <Table.Td>
                <Badge color={STATUS[member.status].color}>{STATUS[member.status].label}</Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {member.status !== 'VERIFIED' && inviteAction?.(member)}
                  <Button size="xs" color="red" variant="light" onClick={() => setDeleting(member)}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {deleting && (
        <ConfirmDeleteModal
          title="Are you sure?"
          message="This action can not be done"
          pending={remove.isPending}
          onConfirm={() => remove.mutateAsync(deleting.memberId)}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </>
  );
}

import { Button, Group } from '@mantine/core';
import type { Member, MemberStatus } from '@multimfa/api-contract';
import { type ReactNode, useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.component';
import { DataTable } from '../../components/data-table/data-table.component';
import { StatusBadge } from '../../components/status-badge.component';
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
      <DataTable
        aria-label="Members"
        minWidth={760}
        rows={members}
        rowKey={(member) => member.memberId}
        columns={[
          { header: 'Full Name', nowrap: true, cell: (member) => `${member.firstName} ${member.lastName}` },
          { header: 'Mobile No.', nowrap: true, cell: (member) => member.mobileNo },
          { header: 'Email', cell: (member) => member.email },
          { header: 'Forward Method', nowrap: true, cell: (member) => MEDIUM[member.forwardMedium] },
          {
            header: 'Status',
            nowrap: true,
            cell: (member) => (
              <StatusBadge color={STATUS[member.status].color}>{STATUS[member.status].label}</StatusBadge>
            ),
          },
          {
            header: 'Action',
            nowrap: true,
            cell: (member) => (
              <Group gap="xs" wrap="nowrap">
                {member.status !== 'VERIFIED' && inviteAction?.(member)}
                <Button size="xs" color="red" variant="light" onClick={() => setDeleting(member)}>
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />
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

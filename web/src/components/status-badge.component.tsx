import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusBadgeProps = BadgeProps & {
  children: ReactNode;
  title?: string;
  'aria-label'?: string;
};

/**
 * A status or label badge ("Awaiting", "Invite Sent", "ACTIVE", "PAID") that is never cut: it keeps
 * the width of its whole text in a narrow table cell or a wrapping row, where Mantine's Badge shrinks
 * to the room left and ends in an ellipsis (styles: .mmfa-badge in app.css).
 */
export function StatusBadge({ children, ...props }: StatusBadgeProps) {
  return (
    <Badge {...props} classNames={{ root: 'mmfa-badge', label: 'mmfa-badge-label' }}>
      {children}
    </Badge>
  );
}

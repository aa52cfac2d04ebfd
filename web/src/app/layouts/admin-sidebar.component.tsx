import { NavLink, ScrollArea } from '@mantine/core';
import { NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { adminNavItems } from './admin-nav';

export function AdminSidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label="Administration">
      {adminNavItems.map((item) => (
        <NavLink
          key={item.to}
          component={RouterNavLink}
          to={item.to}
          label={item.label}
          active={pathname === item.to}
          onClick={onNavigate}
        />
      ))}
    </ScrollArea>
  );
}

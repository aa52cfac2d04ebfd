import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../browser/brand';

function ShieldIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path d="M12 2l8 3v6c0 5.2-3.4 9.3-8 11-4.6-1.7-8-5.8-8-11V5z" fill="currentColor" />
      <path
        d="M8.5 12l2.5 2.5 4.5-5"
        stroke="var(--mantine-color-brand-6)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product's mark and name, linking to `to` (home by default). */
export function BrandLogo({ to = '/' }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" aria-label={`${BRAND_NAME} home`}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size="md" radius="md" variant="filled">
          <ShieldIcon />
        </ThemeIcon>
        <Text fw={800} size="lg" c="dark.7">
          Multi
          <Text span inherit c="brand.6">
            MFA
          </Text>
        </Text>
      </Group>
    </Anchor>
  );
}

import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ORDER_AREA_ROLES } from '../../../domain/customer-areas/area-orders';

const AREA_NAMES: Record<string, string> = {
  customer: 'Customer area',
  partner: 'Partner area',
  doctor: 'Doctor area',
  patient: 'Patient area',
};

type Section = 'dashboard' | 'orders' | 'credit' | 'profile' | 'addresses' | 'records';

/**
 * The frame of a customer area's pages (spec 3 §2): the area's name, its sections as links (the
 * current one marked for assistive technology), and the page's own content.
 */
export function AreaShell({
  role,
  section,
  title,
  children,
}: {
  role: string;
  section: Section;
  title?: string;
  children: ReactNode;
}) {
  const sections: { key: Section; label: string }[] = [
    { key: 'dashboard', label: 'Dashboard' },
    ...((ORDER_AREA_ROLES as readonly string[]).includes(role)
      ? [{ key: 'orders' as const, label: 'Orders' }]
      : []),
    ...(role === 'partner' ? [{ key: 'credit' as const, label: 'Credit' }] : []),
    { key: 'profile', label: 'Profile' },
    { key: 'addresses', label: 'Addresses' },
    // DECISIONS 23: the patient reads their own medical records (docs/decisions/0063).
    ...(role === 'patient' ? [{ key: 'records' as const, label: 'Medical records' }] : []),
  ];
  return (
    <Stack gap="lg">
      <nav aria-label={AREA_NAMES[role] ?? 'Account'}>
        <Group gap="lg">
          <Text fw={700} size="sm" c="dimmed" tt="uppercase">
            {AREA_NAMES[role] ?? 'Account'}
          </Text>
          {sections.map((s) => (
            <Anchor
              key={s.key}
              href={`/${role}/${s.key}`}
              fw={s.key === section ? 700 : 500}
              underline={s.key === section ? 'always' : 'hover'}
              aria-current={s.key === section ? 'page' : undefined}
            >
              {s.label}
            </Anchor>
          ))}
        </Group>
      </nav>
      {title && <Title order={2}>{title}</Title>}
      {children}
    </Stack>
  );
}

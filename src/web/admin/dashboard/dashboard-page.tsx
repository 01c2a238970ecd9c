import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_PAGES } from '../../../contracts/admin-pages';
import { PageHeader } from '../../ui/page-header';
import { useViewer } from '../session';

/** The landing page after sign-in: a door to every area the active role may open. */
export function DashboardPage() {
  const { data: viewer } = useViewer();
  const areas = ADMIN_PAGES.filter(
    (p) => p.nav && p.path !== '/dashboard' && viewer?.permissions.includes(p.permission),
  );
  return (
    <>
      <PageHeader
        title={`Welcome, ${viewer?.first_name ?? viewer?.full_name ?? ''}`}
        description="Pick an area to work in."
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {areas.map((area) => (
          <Card key={area.path} withBorder component={Link} to={area.path} padding="lg">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {area.nav!.group}
            </Text>
            <Title order={4} mt={4}>
              {area.nav!.label}
            </Title>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

import { Tabs } from '@mantine/core';
import { IconKey, IconUsersGroup } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { PermissionsTab } from './components/permissions-tab';
import { RolesTab } from './components/roles-tab';

type Tab = 'roles' | 'permissions';

/**
 * Roles and permissions (spec 2 §2): a role list and a permission list on two tabs, the tab kept
 * in the address bar (?tab=permissions) so a reload or a shared link opens the same one.
 */
export function RolesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'permissions' ? 'permissions' : 'roles';

  // Each tab keeps its own list state in the address bar; switching starts the other list afresh.
  const openTab = (next: string | null) => {
    if (next !== 'roles' && next !== 'permissions') return;
    setParams(next === 'roles' ? {} : { tab: next });
  };

  return (
    <>
      <PageHeader
        title="Roles & permissions"
        description="Who may do what in the back office. Changes apply on the next page each signed-in user opens."
      />
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="roles" leftSection={<IconUsersGroup size={16} />}>
            Roles
          </Tabs.Tab>
          <Tabs.Tab value="permissions" leftSection={<IconKey size={16} />}>
            Permissions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="roles">
          <RolesTab />
        </Tabs.Panel>
        <Tabs.Panel value="permissions">
          <PermissionsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default RolesPage;

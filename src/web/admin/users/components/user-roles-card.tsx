import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { USER_SCREEN_MESSAGES, updateUserRolesBody } from '../../../../contracts/accounts';
import { ACCOUNT_SCOPE_MESSAGES } from '../../../../domain/access/account-scope';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useViewer } from '../../session';
import { useUpdateUserRoles } from '../users.api';
import { RoleSelect } from './role-select';

const validate = zodValidate(updateUserRolesBody);

/**
 * The roles of an existing user, saved on their own (spec 2 §7 PUT /admin/users/{id}/role). Nobody
 * changes their own roles (docs/decisions/0035): on one's own account the picker is read-only.
 */
export function UserRolesCard({ userId, roles }: { userId: number | null; roles: string[] }) {
  const viewer = useViewer();
  const isOwn = viewer.data?.id !== undefined && viewer.data.id === userId;
  const [value, setValue] = useState(roles);
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateUserRoles();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the saved roles, compared by value
  useEffect(() => setValue(roles), [roles.join()]);

  const save = async () => {
    if (!userId) {
      notifyError(USER_SCREEN_MESSAGES.roleUpdateNeedsId);
      return;
    }
    const invalid = validate({ roles: value }).roles;
    if (invalid) {
      setError(invalid);
      return;
    }
    try {
      const reply = await mutation.mutateAsync({ id: userId, roles: value });
      setError(null);
      notifySuccess(reply.message);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (fields) setError(fields.roles ?? Object.values(fields)[0] ?? null);
      else notifyError(errorMessage(failure, 'Failed to update roles. Please try again.'));
    }
  };

  const changed = [...value].sort().join() !== [...roles].sort().join();
  return (
    <Card withBorder padding="lg" component="section" aria-label="Roles">
      <Stack gap="sm">
        <Title order={4}>Roles</Title>
        <RoleSelect
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          disabledReason={isOwn ? ACCOUNT_SCOPE_MESSAGES.ownRoles : null}
        />
        {!isOwn && (
          <Group justify="flex-end">
            <Button onClick={save} loading={mutation.isPending} disabled={!changed && !error}>
              Save roles
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

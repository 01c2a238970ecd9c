import { Alert, Anchor, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { USER_SCREEN_MESSAGES, type UserReply } from '../../../contracts/accounts';
import { formatInstant } from '../../../domain/dates/date-format';
import { useUiSettings } from '../../lib/ui-settings';
import { LoadFailed } from '../../ui/load-failed';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { AccountStatusBadge } from './components/user-badges';
import { EMPTY_USER, UserForm, type UserFormValues, valuesOf } from './components/user-form';
import { UserRolesCard } from './components/user-roles-card';
import { type UserSaved, useCreateUser, useUpdateUser, useUser } from './users.api';

function BackLink() {
  return (
    <Anchor component={Link} to="/admin/users" size="sm">
      ← Back to users
    </Anchor>
  );
}

function CreateUser() {
  const navigate = useNavigate();
  const create = useCreateUser();
  return (
    <>
      <PageHeader
        title="New user"
        description="Create a sign-in for staff, a customer, partner or supplier."
        actions={<BackLink />}
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <UserForm
            mode="create"
            initialValues={EMPTY_USER}
            onSubmit={(body) => create.mutateAsync(body)}
            submitting={create.isPending}
            onSaved={(reply: UserSaved) => {
              notifySuccess(reply.message);
              navigate('/admin/users');
            }}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}

function AccountCard({ user }: { user: UserReply }) {
  const settings = useUiSettings();
  const when = (iso: string | null) =>
    iso ? formatInstant(iso, settings.date_format, settings.timezone) : 'Never';
  return (
    <Card withBorder padding="lg" component="section" aria-label="Account">
      <Stack gap="xs">
        <Title order={4}>Account</Title>
        <Group gap="xs">
          <Text size="sm">Status</Text>
          <AccountStatusBadge status={user.account_status} />
        </Group>
        {user.status_reason && (
          <Text size="sm" c="dimmed">
            Reason: {user.status_reason}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Created {when(user.created_at)} · Last sign-in {when(user.last_login_at)}
        </Text>
      </Stack>
    </Card>
  );
}

function EditUser({ id }: { id: number }) {
  const navigate = useNavigate();
  const user = useUser(id);
  const update = useUpdateUser(id);

  if (user.isLoading) {
    return (
      <Stack role="status" aria-label="Loading user" aria-busy>
        <Skeleton height={36} width={240} />
        <Skeleton height={160} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (user.isError || !user.data) {
    return (
      <>
        <PageHeader title="Edit user" actions={<BackLink />} />
        <LoadFailed title={USER_SCREEN_MESSAGES.loadUser} onRetry={() => user.refetch()} />
      </>
    );
  }
  const initialValues: UserFormValues = valuesOf(user.data);
  return (
    <>
      <PageHeader
        title={`Edit ${user.data.full_name}`}
        description={user.data.email}
        actions={<BackLink />}
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <UserForm
            // A fresh form for each loaded version of the user.
            key={`${user.data.id}`}
            mode="edit"
            initialValues={initialValues}
            onSubmit={(body) => update.mutateAsync(body)}
            submitting={update.isPending}
            onSaved={(reply: UserSaved) => {
              notifySuccess(reply.message);
              navigate('/admin/users');
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <UserRolesCard userId={user.data.id} roles={user.data.roles} />
            <AccountCard user={user.data} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** /admin/users/create and /admin/users/{id}/edit (spec 2 §2). */
export function UserFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateUser />;
  const userId = Number(id);
  if (!Number.isInteger(userId) || userId <= 0) {
    return (
      <Alert color="red" role="alert" title={USER_SCREEN_MESSAGES.loadUser}>
        <BackLink />
      </Alert>
    );
  }
  return <EditUser id={userId} />;
}

export default UserFormPage;

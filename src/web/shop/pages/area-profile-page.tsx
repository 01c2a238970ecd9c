import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AreaProfile,
  type AreaProfileProps,
  areaPasswordBody,
  areaProfileBody,
  AREA_MESSAGES as M,
} from '../../../contracts/customer-areas';
import { http } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { notifySuccess } from '../../ui/notify';
import { AreaShell } from './area-shell';
import { ProblemAlert } from './problem-alert';

/** /{role}/profile: the user's own details and a password change (spec 3 §3 Profile, Password form). */
export function AreaProfilePage({ role, profile, show_company }: AreaProfileProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      first_name: profile.first_name ?? '',
      last_name: profile.last_name ?? '',
      email: profile.email,
      phone: profile.phone ?? '',
      mobile: profile.mobile ?? '',
      company_name: profile.company_name ?? '',
    },
    validate: zodValidate(areaProfileBody),
  });
  const saving = useFormSubmit(
    form,
    (values) =>
      http.put<{ message: string; data: AreaProfile }>(`/api/${role}/profile`, {
        ...values,
        ...(show_company ? {} : { company_name: undefined }),
      }),
    (reply) => {
      form.resetDirty();
      notifySuccess(reply.message);
    },
  );

  const passwordForm = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zodValidate(areaPasswordBody),
  });
  const changing = useFormSubmit(
    passwordForm,
    (values) => http.put<{ message: string }>(`/api/${role}/password`, values),
    (reply) => {
      passwordForm.reset();
      notifySuccess(reply.message);
    },
  );

  return (
    <AreaShell role={role} section="profile" title="Your profile">
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Details
        </Title>
        <ProblemAlert problem={saving.problem ? `${M.updatingError}: ${saving.problem}` : null} />
        <form onSubmit={saving.submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
              <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
            </SimpleGrid>
            {show_company && (
              <TextInput
                label="Company name"
                autoComplete="organization"
                {...form.getInputProps('company_name')}
              />
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Phone" autoComplete="tel" {...form.getInputProps('phone')} />
              <TextInput
                label="Mobile"
                autoComplete="tel"
                description={profile.mobile_verified_at ? 'Verified' : undefined}
                {...form.getInputProps('mobile')}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Roles: {profile.roles.join(', ')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={saving.busy}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Change password
        </Title>
        {changing.problem && (
          <Alert color="red" mb="sm" role="alert">
            {changing.problem}
          </Alert>
        )}
        <form onSubmit={changing.submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              {...passwordForm.getInputProps('current_password')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                {...passwordForm.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                {...passwordForm.getInputProps('password_confirmation')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={changing.busy}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </AreaShell>
  );
}

export default AreaProfilePage;

import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { accountStatusBody, type UserReply } from '../../../../contracts/accounts';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../../domain/accounts/user-rules';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useSetAccountStatus } from '../users.api';
import { STATUS_LABELS } from './user-badges';

type Values = { account_status: AccountStatus; status_reason: string };

const validate = zodValidate(accountStatusBody);

/**
 * Activates, suspends or closes an account. Suspending and closing need a reason and a
 * confirmation: the user is signed out everywhere at once.
 */
export function AccountStatusModal({ user, onClose }: { user: UserReply | null; onClose: () => void }) {
  const mutation = useSetAccountStatus();
  const form = useForm<Values>({
    initialValues: { account_status: 'active', status_reason: '' },
    validate,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another user is opened
  useEffect(() => {
    if (user) {
      form.setValues({ account_status: user.account_status, status_reason: user.status_reason ?? '' });
      form.resetDirty();
      form.clearErrors();
    }
  }, [user?.id]);

  const needsReason = form.values.account_status !== 'active';

  const submit = form.onSubmit(async (values) => {
    if (!user) return;
    if (values.account_status !== 'active') {
      const verb = values.account_status === 'suspended' ? 'Suspend' : 'Close';
      const confirmed = await confirmAction({
        title: `${verb} ${user.full_name}'s account?`,
        message: `${user.full_name} will be signed out everywhere and cannot sign in until the account is active again.`,
        confirmLabel: `${verb} account`,
        danger: true,
      });
      if (!confirmed) return;
    }
    try {
      const reply = await mutation.mutateAsync({
        id: user.id,
        account_status: values.account_status,
        status_reason: values.status_reason.trim() || null,
      });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else notifyError(errorMessage(error, 'Failed to update account status. Please try again.'));
    }
  });

  return (
    <Modal opened={user !== null} onClose={onClose} title="Change account status" centered>
      {user && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              {user.full_name}{' '}
              <Text span c="dimmed">
                ({user.email})
              </Text>
            </Text>
            <Select
              label="Account status"
              data={ACCOUNT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('account_status')}
            />
            <Textarea
              label="Reason"
              description={needsReason ? undefined : 'Optional when the account is active'}
              withAsterisk={needsReason}
              autosize
              minRows={3}
              maxLength={1000}
              {...form.getInputProps('status_reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending} color={needsReason ? 'red' : undefined}>
                Save status
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/form-errors';
import { LIST_MESSAGES } from './list/list-messages';
import { modalsHostReady } from './modals-ready';
import { notifyError, notifySuccess } from './notify';

/**
 * A confirmation dialog that resolves true on confirm and false on cancel or close. Deletes say
 * the action cannot be undone (spec 3 §8).
 */
export function confirmAction(options: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return modalsHostReady.then(() => askConfirmation(options));
}

function askConfirmation(options: Parameters<typeof confirmAction>[0]): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      children:
        typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
      labels: { confirm: options.confirmLabel ?? 'Confirm', cancel: 'Cancel' },
      confirmProps: { color: options.danger ? 'red' : undefined, 'data-testid': 'confirm-button' } as never,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

export const confirmDelete = (what: string) =>
  confirmAction({
    title: `Delete ${what}?`,
    message: `This will permanently delete ${what}. This action cannot be undone.`,
    confirmLabel: 'Delete',
    danger: true,
  });

/**
 * Asks first (a danger dialog), deletes, and says how it went: the server's message, or its error
 * (a record still in use is refused with a 409 that says why), else `failMessage`.
 */
export async function confirmAndDelete(
  question: { title: string; message: string; confirmLabel: string },
  remove: () => Promise<{ message: string }>,
  failMessage: string = LIST_MESSAGES.delete,
): Promise<void> {
  if (!(await confirmAction({ ...question, danger: true }))) return;
  try {
    notifySuccess((await remove()).message);
  } catch (error) {
    notifyError(errorMessage(error, failMessage));
  }
}

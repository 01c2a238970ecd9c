import { notifications } from '@mantine/notifications';

/** Toasts: top-end, 3 s (spec 1 §9). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 3000 });
}

export function notifyError(message: string, title?: string, autoClose = 5000): void {
  notifications.show({ color: 'red', title: title ?? 'Error', message, autoClose });
}

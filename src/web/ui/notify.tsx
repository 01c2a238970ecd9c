// The toasts' module loads on first use (the shop's first chunk stays within its budget,
// docs/decisions/0079); the toast shows a moment later, in the same store <Toasts /> renders.
const toasts = () => import('@mantine/notifications').then((module) => module.notifications);

/** Toasts: top-end, 3 s (spec 1 §9). */
export function notifySuccess(message: string, title?: string): void {
  void toasts().then((notifications) =>
    notifications.show({ color: 'teal', title, message, autoClose: 3000 }),
  );
}

export function notifyError(message: string, title?: string, autoClose = 5000): void {
  void toasts().then((notifications) =>
    notifications.show({ color: 'red', title: title ?? 'Error', message, autoClose }),
  );
}

/**
 * The confirmation dialogs' host (modals-host.tsx) is a chunk of its own. A dialog asked for
 * before it has mounted would be lost (Mantine's modals are events the host listens to), so
 * confirmAction waits for this.
 */
let markReady: () => void = () => {};
export const modalsHostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function markModalsHostReady(): void {
  markReady();
}

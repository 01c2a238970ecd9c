import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { markModalsHostReady } from './modals-ready';

/** Where confirmation dialogs (confirmAction) open; loaded on its own by AppProviders. */
export default function ModalsHost() {
  // Runs after the provider's own effects, so its listeners are in place.
  useEffect(markModalsHostReady, []);
  return <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />;
}

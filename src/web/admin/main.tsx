import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '../ui/providers';
import { AdminApp } from './admin-app';

createRoot(document.getElementById('root')!).render(
  <AppProviders>
    <BrowserRouter>
      <AdminApp />
    </BrowserRouter>
  </AppProviders>,
);

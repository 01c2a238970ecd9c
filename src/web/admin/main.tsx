import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../ui/providers';
import { AdminApp } from './admin-app';

// A data router, so a form can ask before the page is left (useBlocker, spec 2 §4); the pages
// themselves stay declared in AdminApp.
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }]);

createRoot(document.getElementById('root')!).render(
  <AppProviders>
    <RouterProvider router={router} />
  </AppProviders>,
);

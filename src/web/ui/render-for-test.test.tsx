// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { notifySuccess } from './notify';
import { renderWithProviders } from './render-for-test';

afterEach(cleanup);

it('a page starts without the toasts an unmounted page left in the store', async () => {
  renderWithProviders(<p>first page</p>);
  for (let i = 1; i <= 6; i += 1) notifySuccess(`Left behind ${i}`);
  expect(await screen.findByText('Left behind 1')).toBeTruthy();
  cleanup();

  renderWithProviders(<p>second page</p>);
  notifySuccess('Saved on the second page');
  expect(await screen.findByText('Saved on the second page')).toBeTruthy();
  expect(screen.queryByText('Left behind 1')).toBeNull();
});

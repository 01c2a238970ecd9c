// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadFailed } from './load-failed';
import { renderWithProviders } from './render-for-test';

afterEach(cleanup);

describe('LoadFailed', () => {
  it('announces the failure with its reason and reads again on "Try again"', () => {
    let retries = 0;
    renderWithProviders(
      <LoadFailed
        title="Failed to load orders"
        detail="The server answered 503."
        onRetry={() => retries++}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to load orders');
    expect(alert.textContent).toContain('The server answered 503.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retries).toBe(1);
  });

  it('shows no reason line when there is none to tell', () => {
    renderWithProviders(<LoadFailed title="Failed to load roles" onRetry={() => {}} />);
    expect(screen.getByRole('alert').querySelectorAll('p')).toHaveLength(0);
  });
});

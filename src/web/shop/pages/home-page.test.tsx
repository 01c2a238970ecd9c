// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../ui/render-for-test';
import { HomePage } from './home-page';

afterEach(cleanup);

const page = { site_name: 'Emporium', description: 'Shop and rentals', slides: [] };

describe('HomePage', () => {
  it('offers a visitor to create an account or sign in', () => {
    renderWithProviders(<HomePage {...page} viewer={null} />);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('sends someone signed in to their own area instead', () => {
    renderWithProviders(
      <HomePage
        {...page}
        viewer={{
          name: 'Chloé Customer',
          email: 'customer@demo.test',
          active_role: 'customer',
          roles: ['customer'],
          dashboard_url: '/customer/dashboard',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe(
      '/customer/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

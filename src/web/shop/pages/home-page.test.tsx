// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../ui/render-for-test';
import { HomePage } from './home-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const page = {
  site_name: 'Emporium',
  description: 'Shop and rentals',
  slides: [],
  slider_state: 'none' as const,
};

const slides = [1, 2, 3].map((id) => ({
  id,
  title: `Slide title ${id}`,
  description: '',
  link: '',
  image_path: `/uploads/slide-${id}.jpg`,
}));

function currentSlide(): string | null {
  return screen.getByTestId('home-slider').getAttribute('data-current');
}

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

  it('says so when the home slider has no slides or failed to load', () => {
    renderWithProviders(<HomePage {...page} slider_state="empty" viewer={null} />);
    expect(screen.getByText('No slides available.')).toBeTruthy();
    cleanup();
    renderWithProviders(<HomePage {...page} slider_state="error" viewer={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load slider. Please try again later.');
  });

  it('turns every 5000 ms, loops, and pauses while hovered or stopped', () => {
    vi.useFakeTimers();
    renderWithProviders(<HomePage {...page} slides={slides} slider_state="ready" viewer={null} />);
    expect(currentSlide()).toBe('0');
    act(() => vi.advanceTimersByTime(4999));
    expect(currentSlide()).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe('1');
    act(() => vi.advanceTimersByTime(10000));
    expect(currentSlide()).toBe('0');

    fireEvent.mouseEnter(screen.getByTestId('home-slider'));
    act(() => vi.advanceTimersByTime(15000));
    expect(currentSlide()).toBe('0');
    fireEvent.mouseLeave(screen.getByTestId('home-slider'));
    act(() => vi.advanceTimersByTime(5000));
    expect(currentSlide()).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
    act(() => vi.advanceTimersByTime(15000));
    expect(currentSlide()).toBe('1');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeTruthy();
  });

  it('steps back and forth with the previous and next buttons, looping at both ends', () => {
    renderWithProviders(<HomePage {...page} slides={slides} slider_state="ready" viewer={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe('0');
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
  });
});

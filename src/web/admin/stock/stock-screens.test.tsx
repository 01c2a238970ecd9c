// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../ui/render-for-test';
import { StockNoteDialog } from './components/stock-note-dialog';
import { StockUpdateDialog } from './components/stock-update-dialog';
import { StockSettingsPage } from './stock-settings-page';
import { StockSheetPage } from './stock-sheet-page';
import { useTimedMessage } from './use-timed-message';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: string[];

/** Answers the app's calls by path; anything not listed is a 404. */
function stubServer() {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const answer = answers[url.pathname] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const viewer = {
  data: {
    authenticated: true,
    token: null,
    user: {
      id: 1,
      email: 'admin@demo.test',
      first_name: 'Ada',
      last_name: 'Admin',
      full_name: 'Ada Admin',
      active_role: 'staff',
      roles: ['staff'],
      permissions: ['stock.manage'],
      dashboard_url: '/dashboard',
    },
  },
};

beforeEach(() => {
  // Autosizing text areas listen to font loading, which happy-dom does not have.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  answers = {
    '/api/auth/status': { status: 200, body: viewer },
    '/api/store-locations': { status: 200, body: { success: true, data: [] } },
  };
  stubServer();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderSheet = (path = '/admin/stock-sheet') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <StockSheetPage />
    </MemoryRouter>,
  );

describe('StockSheetPage', () => {
  it('shows the disabled message with a link to the stock settings instead of the sheet (spec 2 §4)', async () => {
    const disabled = {
      status: 409,
      body: { message: 'Stock management is disabled. Please enable it in Stock Settings.' },
    };
    answers['/api/stock-sheet'] = disabled;
    answers['/api/stock-sheet/overview'] = disabled;
    renderSheet();
    expect(
      await screen.findByText('Stock management is disabled. Please enable it in Stock Settings.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open stock settings' }).getAttribute('href')).toBe(
      '/admin/stock-settings',
    );
    expect(screen.queryByRole('table', { name: 'Stock sheet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });

  it('says which load failed and the status of a non-OK reply (spec 2 §8)', async () => {
    answers['/api/stock-sheet'] = { status: 500, body: { message: 'Server Error' } };
    answers['/api/stock-sheet/overview'] = { status: 503, body: { message: 'Unavailable' } };
    renderSheet();
    expect(await screen.findByText('Failed to load stock data', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('HTTP error! status: 500')).toBeTruthy();
    expect(await screen.findByText('Failed to load stock overview', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('HTTP error! status: 503')).toBeTruthy();
  });

  it('lists main and variant rows with their status, and leaves out the supplier filter without catalogue.manage', async () => {
    answers['/api/stock-sheet/overview'] = {
      status: 200,
      body: {
        success: true,
        data: {
          total_products: 1,
          total_stock_items: 1,
          out_of_stock_count: 1,
          low_stock_count: 0,
          total_stock_quantity: 9,
          recent_movements: [],
        },
      },
    };
    const base = {
      product_id: 13,
      supplier: null,
      supplier_id: null,
      low_stock_threshold: 5,
      is_variable: true,
      variant_count: 0,
      location_breakdown: [],
    };
    answers['/api/stock-sheet'] = {
      status: 200,
      body: {
        success: true,
        data: [
          {
            ...base,
            variant_id: null,
            name: 'Beach robe',
            sku: 'TEX-113',
            current_stock: 9,
            is_main_row: true,
            variant_count: 2,
            unplaced_quantity: 9,
            status: 'in_stock',
          },
          {
            ...base,
            variant_id: 21,
            name: 'Palm / M',
            sku: 'TEX-113-PAM',
            current_stock: 9,
            is_main_row: false,
            unplaced_quantity: 4,
            location_breakdown: [{ location_id: 7, location_name: 'Back room', quantity: 5 }],
            status: 'in_stock',
          },
          {
            ...base,
            variant_id: 22,
            name: 'Palm / L',
            sku: 'TEX-113-PAL',
            current_stock: 0,
            is_main_row: false,
            unplaced_quantity: 0,
            status: 'out_of_stock',
          },
        ],
        pagination: { current_page: 1, last_page: 1, per_page: 15, total: 1, from: 1, to: 1 },
      },
    };
    renderSheet('/admin/stock-sheet?search=robe');
    expect(await screen.findByRole('button', { name: 'Update stock of Beach robe — Palm / M' })).toBeTruthy();
    expect(screen.getByText('Back room: 5')).toBeTruthy();
    expect(screen.getByText('No location: 4')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Stock sheet' })).getByText('Out of stock')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Stock history of Beach robe — Palm / M' }).getAttribute('href'),
    ).toBe('/admin/stock/stock-history/13/21');
    expect(screen.getByRole('link', { name: 'Notes history of Beach robe' }).getAttribute('href')).toBe(
      '/admin/stock/notes-history/13',
    );
    expect(screen.queryByRole('textbox', { name: 'Filter by supplier' })).toBeNull();
    expect(calls).not.toContain('GET /api/suppliers');
    expect(calls).toContain('GET /api/stock-sheet');
  });
});

describe('StockNoteDialog', () => {
  const item = {
    product_id: 13,
    variant_id: 21,
    product_name: 'Beach robe',
    variant_name: 'Palm / M',
    sku: 'TEX-113-PAM',
  };

  it('asks for a note before sending anything (spec 2 §5, §8)', async () => {
    renderWithProviders(<StockNoteDialog item={item} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Please enter a note')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('sends the note with the item and closes', async () => {
    answers['/api/stock-notes/create'] = {
      status: 200,
      body: { success: true, message: 'Stock note saved successfully' },
    };
    const onClose = vi.fn();
    renderWithProviders(<StockNoteDialog item={item} onClose={onClose} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Note/ }), {
      target: { value: ' Two set aside ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toContain('POST /api/stock-notes/create');
  });

  it('shows the spec words when the save fails', async () => {
    answers['/api/stock-notes/create'] = { status: 500, body: { message: 'Server Error' } };
    renderWithProviders(<StockNoteDialog item={item} onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Note/ }), {
      target: { value: 'Two set aside' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Failed to save stock note')).toBeTruthy();
  });
});

describe('useTimedMessage (spec 2 §9: the stock sheet success message clears after 5 s)', () => {
  it('clears the message after the time, and a new message restarts the clock', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage(5000));
    act(() => result.current.show('Stock updated successfully'));
    expect(result.current.message).toBe('Stock updated successfully');
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current.show('Stock updated successfully'));
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.message).toBe('Stock updated successfully');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.message).toBeNull();
  });
});

const settingsReply = {
  success: true,
  data: {
    stock_management_enabled: true,
    stock_deduction_timing: 'on_order',
    show_stock_quantities: true,
    show_low_stock_warning: true,
    out_of_stock_behavior: 'show_disabled',
    low_stock_email_notifications: false,
    out_of_stock_notifications: false,
  },
};

// The page guards unsaved changes with useBlocker, which needs a data router (as admin/main.tsx has).
const renderSettings = () =>
  renderWithProviders(
    <RouterProvider
      router={createMemoryRouter([{ path: '/admin/stock-settings', element: <StockSettingsPage /> }], {
        initialEntries: ['/admin/stock-settings'],
      })}
    />,
  );

describe('StockSettingsPage', () => {
  it('shows the settings read-only without settings.manage', async () => {
    answers['/api/stock-settings'] = { status: 200, body: settingsReply };
    renderSettings();
    const main = await screen.findByRole('switch', { name: /^Stock management enabled/ });
    await waitFor(() => expect((main as HTMLInputElement).disabled).toBe(true));
    expect((main as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    // Store locations stay open to stock.manage.
    expect(screen.getByRole('button', { name: 'Store locations' })).toBeTruthy();
  });

  it('lets an admin change and save them', async () => {
    answers['/api/auth/status'] = {
      status: 200,
      body: {
        data: {
          ...viewer.data,
          user: { ...viewer.data.user, permissions: ['stock.manage', 'settings.manage'] },
        },
      },
    };
    answers['/api/stock-settings'] = { status: 200, body: settingsReply };
    renderSettings();
    const quantities = await screen.findByRole('switch', { name: /^Show stock quantities/ });
    await waitFor(() => expect((quantities as HTMLInputElement).disabled).toBe(false));
    const save = screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(quantities);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls).toContain('POST /api/stock-settings'));
  });

  it('says to refresh when the settings cannot be loaded (spec 2 §8)', async () => {
    answers['/api/stock-settings'] = { status: 403, body: { message: 'Forbidden' } };
    renderSettings();
    expect(await screen.findByText('Failed to load stock settings. Please refresh the page.')).toBeTruthy();
  });
});

describe('StockUpdateDialog opened from a variant row', () => {
  const robe = {
    id: 13,
    name: 'Beach robe',
    sku: 'TEX-113',
    is_variable_product: true,
    current_stock: 21,
    low_stock_threshold: 5,
    variants: [
      { id: 16, variant: 'Coral / S', sku: 'TEX-113-COS', current_stock: 12 },
      { id: 21, variant: 'Palm / M', sku: 'TEX-113-PAM', current_stock: 9 },
    ],
    location_stock: [{ product_id: 13, variant_id: 21, location_id: 7, quantity: 5 }],
  };
  const preset = { productId: 13, variantId: 21, productName: 'Beach robe', sku: 'TEX-113' };

  beforeEach(() => {
    answers['/api/stock-update/search-products'] = { status: 200, body: { success: true, data: [robe] } };
    answers['/api/store-locations'] = {
      status: 200,
      body: {
        success: true,
        data: [{ id: 7, name: 'Back room', code: 'BR', description: null, address: null, is_active: true }],
      },
    };
  });

  const openDialog = (onUpdated: (message: string) => void) =>
    renderWithProviders(
      <StockUpdateDialog
        opened
        preset={preset}
        defaultLocationId={null}
        onClose={() => {}}
        onUpdated={onUpdated}
      />,
    );

  it('finds the row’s product, keeps its variant, chooses the only location and shows the 422 field errors', async () => {
    answers['/api/stock-update/update-stock'] = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { store_location_id: ['This store location is not active.'] },
      },
    };
    openDialog(() => {});
    expect((await screen.findByTestId('chosen-product')).textContent).toBe('Beach robe (TEX-113)');
    await waitFor(() =>
      expect(screen.getByText('Now 5 at Back room, 9 in all.', { exact: false })).toBeTruthy(),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /New quantity/ }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update stock' }));
    expect(await screen.findByText('This store location is not active.')).toBeTruthy();
    expect(calls).toContain('POST /api/stock-update/update-stock');
  });

  it('reports the update to the page', async () => {
    answers['/api/stock-update/update-stock'] = {
      status: 200,
      body: {
        success: true,
        message: 'Stock updated successfully',
        data: {
          product_id: 13,
          variant_id: 21,
          store_location_id: 7,
          old_quantity: 5,
          new_quantity: 7,
          current_stock: 11,
        },
      },
    };
    const onUpdated = vi.fn();
    openDialog(onUpdated);
    await screen.findByTestId('chosen-product');
    await waitFor(() => expect(screen.getByText('Now 5 at Back room', { exact: false })).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: /New quantity/ }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update stock' }));
    await waitFor(() =>
      expect(onUpdated).toHaveBeenCalledWith(
        'Stock updated successfully: Beach robe — Palm / M now 7 at Back room, 11 in all.',
      ),
    );
  });
});

// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../../contracts/orders';
import { DOCUMENT_TYPES } from '../../../../domain/orders/documents-and-link';
import { renderWithProviders } from '../../../ui/render-for-test';
import { CustomerLinkPanel } from './customer-link-panel';
import { OrderDocumentsPanel } from './order-documents-panel';

type Answer = { status: number; body: unknown; raw?: string };
let answers: Record<string, Answer | Answer[]>;
let calls: string[];

/** Answers by "METHOD /path" (or a list answered in turn); anything not listed is a 404. */
function stubServer() {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    calls.push(key);
    const listed = answers[key];
    const answer = Array.isArray(listed) ? (listed.length > 1 ? listed.shift()! : listed[0]!) : listed;
    if (!answer) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    return new Response(answer.raw ?? JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const statusOf = (over: Record<string, object> = {}) =>
  Object.fromEntries(
    DOCUMENT_TYPES.map((type) => [
      type,
      {
        available: ['proforma_invoice', 'packing_slip'].includes(type),
        latest_id: null,
        count: 0,
        ...over[type],
      },
    ]),
  );

const doc = (id: number, version: number) => ({
  id,
  document_type: 'proforma_invoice',
  document_number: null,
  version,
  size: 2048,
  created_at: '2026-11-23T10:00:00.000Z',
  created_by: 'Ada Admin',
});

beforeEach(() => {
  answers = {};
  stubServer();
});
afterEach(() => {
  // Toasts live in one global store (at most 5 shown): start each test without old ones.
  notifications.clean();
  notifications.cleanQueue();
  cleanup();
  vi.useRealTimers();
});

describe('OrderDocumentsPanel', () => {
  it('lists each type with its availability and opens a generated document in the viewer', async () => {
    answers['GET /admin/orders/5/documents'] = [
      { status: 200, body: { documents: [], document_status: statusOf() } },
      {
        status: 200,
        body: {
          documents: [doc(7, 1)],
          document_status: statusOf({ proforma_invoice: { latest_id: 7, count: 1 } }),
        },
      },
    ];
    answers['POST /admin/orders/5/documents/proforma_invoice/generate'] = {
      status: 200,
      body: { success: true, message: 'Document generated', document_id: 7, version: 1, generated: true },
    };
    renderWithProviders(<OrderDocumentsPanel orderId={5} />);
    const row = await screen.findByTestId('document-row-proforma_invoice');
    expect(within(row).getByText('Proforma Invoice')).toBeTruthy();
    expect(within(row).getByText('Available')).toBeTruthy();
    const invoice = screen.getByTestId('document-row-final_invoice');
    expect(within(invoice).getByText('Not available')).toBeTruthy();
    expect(within(invoice).getByRole('button', { name: 'Generate' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(row).getByRole('button', { name: 'Generate' }));
    const viewer = await screen.findByTestId('document-viewer');
    expect(viewer.getAttribute('src')).toBe('/admin/orders/5/documents/7/view');
    expect(calls).toContain('POST /admin/orders/5/documents/proforma_invoice/generate');
    expect(calls.some((call) => call.startsWith('GET /admin/orders/5/documents/view'))).toBe(false);
  });

  it("shows the server's reason when a document is not available, and the spec's message on load failure", async () => {
    answers['GET /admin/orders/5/documents'] = {
      status: 200,
      body: { documents: [], document_status: statusOf() },
    };
    answers['POST /admin/orders/5/documents/packing_slip/generate'] = {
      status: 422,
      body: { message: 'Not possible now.', errors: { document_type: ['Not possible now.'] } },
    };
    renderWithProviders(<OrderDocumentsPanel orderId={5} />);
    const row = await screen.findByTestId('document-row-packing_slip');
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Not possible now.')).toBeTruthy();
    cleanup();

    answers['GET /admin/orders/6/documents'] = {
      status: 403,
      body: { message: 'This action is unauthorized.' },
    };
    renderWithProviders(<OrderDocumentsPanel orderId={6} />);
    expect(await screen.findByText(M.loadFailed)).toBeTruthy();
  });

  it('e-mails a document, with the failure message when the mail does not go', async () => {
    answers['GET /admin/orders/5/documents'] = {
      status: 200,
      body: { documents: [], document_status: statusOf() },
    };
    answers['POST /admin/orders/5/send-document-email'] = [
      { status: 200, body: { success: true, message: 'Document sent by e-mail successfully' } },
      { status: 502, body: { success: false, message: M.emailFailed } },
    ];
    renderWithProviders(<OrderDocumentsPanel orderId={5} />);
    const row = await screen.findByTestId('document-row-proforma_invoice');
    fireEvent.click(within(row).getByRole('button', { name: 'E-mail' }));
    expect(await screen.findByText('Document sent by e-mail successfully')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'E-mail' }));
    expect(await screen.findByText(M.emailFailed)).toBeTruthy();
  });

  it('shows the history of a type, views a version and deletes one after confirmation', async () => {
    answers['GET /admin/orders/5/documents'] = {
      status: 200,
      body: {
        documents: [doc(8, 2), doc(7, 1)],
        document_status: statusOf({ proforma_invoice: { latest_id: 8, count: 2 } }),
      },
    };
    answers['GET /admin/orders/5/documents/proforma_invoice/history'] = {
      status: 200,
      body: { history: [doc(8, 2), doc(7, 1)] },
    };
    answers['DELETE /admin/orders/5/documents/7'] = [
      { status: 200, body: { success: true, message: 'Document deleted successfully' } },
      { status: 404, body: { message: 'Document not found.' } },
    ];
    renderWithProviders(<OrderDocumentsPanel orderId={5} />);
    const row = await screen.findByTestId('document-row-proforma_invoice');
    fireEvent.click(within(row).getByRole('button', { name: 'History' }));
    const history = await screen.findByTestId('history-proforma_invoice');
    expect(within(history).getByText(/v2 · .* · Ada Admin · 2 KB/)).toBeTruthy();

    fireEvent.click(within(history).getAllByRole('button', { name: 'View' })[1]!);
    expect((await screen.findByTestId('document-viewer')).getAttribute('src')).toBe(
      '/admin/orders/5/documents/7/view',
    );
    fireEvent.keyDown(screen.getByTestId('document-viewer'), { key: 'Escape' });

    fireEvent.click(within(history).getAllByRole('button', { name: 'Delete' })[1]!);
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('Document deleted successfully')).toBeTruthy();
    expect(calls).toContain('DELETE /admin/orders/5/documents/7');

    fireEvent.click(within(history).getAllByRole('button', { name: 'Delete' })[1]!);
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('Document not found.')).toBeTruthy();
  });
});

const link = (over: Record<string, unknown>) => ({
  status: 200,
  body: {
    success: true,
    data: {
      status: 'never_sent',
      sent_at: null,
      expires_at: null,
      uses_remaining: null,
      button_label: 'Send Link',
      ...over,
    },
  },
});

describe('CustomerLinkPanel', () => {
  it('asks to save the order first when there is no order id', async () => {
    renderWithProviders(<CustomerLinkPanel orderId={null} />);
    expect(await screen.findByText(M.saveOrderFirstLink)).toBeTruthy();
    expect(calls.filter((c) => c.includes('customer-link'))).toEqual([]);
  });

  it('sends the link and shows the new status and button', async () => {
    answers['GET /admin/orders/5/customer-link-status'] = [
      link({}),
      link({
        status: 'active',
        sent_at: '2026-11-23T10:00:00.000Z',
        expires_at: '2026-11-30T10:00:00.000Z',
        uses_remaining: 5,
        button_label: 'Resend Link',
      }),
    ];
    answers['POST /admin/orders/5/send-customer-link'] = {
      status: 200,
      body: { success: true, message: 'Customer order link sent successfully', data: {} },
    };
    renderWithProviders(<CustomerLinkPanel orderId={5} />);
    expect((await screen.findByTestId('link-status')).textContent).toBe('Never sent');
    fireEvent.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByText('Customer order link sent successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Resend Link' })).toBeTruthy();
    expect(screen.getByTestId('link-status').textContent).toBe('Active');
    expect(screen.getByText('Uses remaining: 5')).toBeTruthy();
  });

  it("shows the spec's message when sending fails", async () => {
    answers['GET /admin/orders/5/customer-link-status'] = [
      link({ status: 'used_up', uses_remaining: 0, button_label: 'Send New Link' }),
      link({ status: 'error', sent_at: '2026-11-23T10:00:00.000Z' }),
    ];
    answers['POST /admin/orders/5/send-customer-link'] = {
      status: 502,
      body: { success: false, message: M.linkSendFailed, data: {} },
    };
    renderWithProviders(<CustomerLinkPanel orderId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send New Link' }));
    await waitFor(() => expect(screen.getAllByText(M.linkSendFailed).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('link-status').textContent).toBe('Error'));
  });

  it('reads the status again every 30 s while the page is visible, not while hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers['GET /admin/orders/5/customer-link-status'] = link({});
    renderWithProviders(<CustomerLinkPanel orderId={5} />);
    await screen.findByTestId('link-status');
    const reads = () => calls.filter((c) => c === 'GET /admin/orders/5/customer-link-status').length;
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(reads()).toBe(2));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(reads()).toBe(2);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });
});

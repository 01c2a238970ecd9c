// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RENTAL_DOCUMENT_MESSAGES as M,
  PDF_LOADER_MS,
  RENTAL_DOCUMENT_TYPES,
} from '../../../../contracts/rental-documents';
import { PDF_LOAD_WAIT_MS } from '../../../ui/pdf-viewer-modal';
import { renderWithProviders } from '../../../ui/render-for-test';
import { FinancialSummary } from './financial-summary';
import { PeriodDocuments } from './period-documents';
import { RentalDocumentsSection } from './rental-documents-section';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer | Answer[]>;
let calls: string[];
let bodies: Record<string, unknown>;

/** Answers by "METHOD /path" (or a list answered in turn); anything not listed is a 404. */
function stubServer() {
  calls = [];
  bodies = {};
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    calls.push(key);
    if (typeof init?.body === 'string') bodies[key] = JSON.parse(init.body);
    const listed = answers[key];
    const answer = Array.isArray(listed) ? (listed.length > 1 ? listed.shift()! : listed[0]!) : listed;
    if (!answer) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const status = (
  available: boolean,
  reason: string | null = null,
  current_id: number | null = null,
  count = 0,
) => ({
  available,
  reason,
  current_id,
  count,
});

const doc = (id: number, type: string, version: number, over: Record<string, unknown> = {}) => ({
  id,
  period_id: null,
  document_type: type,
  document_number: null,
  version,
  size: 2048,
  is_current: true,
  created_at: '2026-11-23T10:00:00.000Z',
  created_by: 'Ada Admin',
  view_url: `/admin/rental-bookings/5/documents/${id}/view`,
  ...over,
});

function documentsReply(over: Record<string, unknown> = {}) {
  return {
    success: true,
    message: 'Documents loaded',
    booking_id: 5,
    booking_number: 'RNT-2026-000005',
    booking_status: 'ready',
    documents: [],
    document_status: {
      rental_agreement: status(false, M.unavailable.rental_agreement),
      delivery_note: status(true),
      return_receipt: status(false, M.unavailable.return_receipt),
      proforma: status(true),
      final_invoice: status(false, M.finalInvoicePerPeriod),
    },
    rental_invoices: [],
    financial_summary: {
      billed: '205.00',
      paid: '50.00',
      outstanding: '155.00',
      billed_from: 'estimate',
      deposit: null,
    },
    ...over,
  };
}

beforeEach(() => {
  answers = {};
  stubServer();
});
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  cleanup();
  vi.useRealTimers();
});

describe('RentalDocumentsSection', () => {
  it('lists the five documents with availability and the reason when not available', async () => {
    answers['GET /admin/rental-bookings/5/documents'] = { status: 200, body: documentsReply() };
    renderWithProviders(<RentalDocumentsSection bookingId={5} />);
    for (const type of RENTAL_DOCUMENT_TYPES)
      expect(await screen.findByTestId(`rental-document-row-${type}`)).toBeTruthy();
    const agreement = screen.getByTestId('rental-document-row-rental_agreement');
    expect(within(agreement).getByText('Not available')).toBeTruthy();
    expect(within(agreement).getByText(M.unavailable.rental_agreement)).toBeTruthy();
    expect(
      within(agreement).getByRole('button', { name: 'Generate Rental agreement' }).hasAttribute('disabled'),
    ).toBe(true);
    // Never generated: nothing to view yet, Generate comes first.
    const note = screen.getByTestId('rental-document-row-delivery_note');
    expect(within(note).getByRole('button', { name: 'View Delivery note' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(
      within(note).getByRole('button', { name: 'Generate Delivery note' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  /** Booking 5's proforma generated (version 9), with fake timers from the click on. */
  async function generateProforma(): Promise<HTMLElement> {
    answers['GET /admin/rental-bookings/5/documents'] = { status: 200, body: documentsReply() };
    answers['POST /admin/rental-bookings/5/documents'] = {
      status: 200,
      body: {
        success: true,
        message: M.generated,
        download_url: '/admin/rental-bookings/5/documents/9/view',
        data: doc(9, 'proforma', 1),
      },
    };
    renderWithProviders(<RentalDocumentsSection bookingId={5} />);
    const row = await screen.findByTestId('rental-document-row-proforma');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(row).getByRole('button', { name: 'Generate Proforma invoice' }));
    return screen.findByTestId('document-viewer');
  }

  it('generates with a POST, says so, and opens the new version in the viewer behind its 1 s loader', async () => {
    const viewer = await generateProforma();
    expect(viewer.getAttribute('src')).toBe('/admin/rental-bookings/5/documents/9/view');
    expect(bodies['POST /admin/rental-bookings/5/documents']).toEqual({ document_type: 'proforma' });
    expect(await screen.findByText(M.generated)).toBeTruthy();
    expect(screen.getByTestId('document-viewer-loader')).toBeTruthy();
    fireEvent.load(viewer);
    expect(screen.getByTestId('document-viewer-loader')).toBeTruthy(); // loaded, but not 1 s yet
    await act(async () => {
      vi.advanceTimersByTime(PDF_LOADER_MS);
    });
    expect(screen.queryByTestId('document-viewer-loader')).toBeNull();
    expect(calls.some((call) => call.startsWith('GET /admin/rental-bookings/5/documents/view'))).toBe(false);
  });

  it('gives the frame way after PDF_LOAD_WAIT_MS when the browser never says the PDF loaded (it downloaded it)', async () => {
    const viewer = await generateProforma();
    await act(async () => {
      vi.advanceTimersByTime(PDF_LOADER_MS);
    });
    expect(screen.getByTestId('document-viewer-loader')).toBeTruthy(); // 1 s gone, no load event yet
    expect(viewer.style.visibility).toBe('hidden');
    await act(async () => {
      vi.advanceTimersByTime(PDF_LOAD_WAIT_MS - PDF_LOADER_MS);
    });
    expect(screen.queryByTestId('document-viewer-loader')).toBeNull();
    expect(viewer.style.visibility).toBe('visible');
  });

  it("shows the server's reason when generating is refused, and the load failure", async () => {
    answers['GET /admin/rental-bookings/5/documents'] = { status: 200, body: documentsReply() };
    answers['POST /admin/rental-bookings/5/documents'] = {
      status: 409,
      body: { success: false, message: M.unavailable.delivery_note },
    };
    renderWithProviders(<RentalDocumentsSection bookingId={5} />);
    const row = await screen.findByTestId('rental-document-row-delivery_note');
    fireEvent.click(within(row).getByRole('button', { name: 'Generate Delivery note' }));
    expect(await screen.findAllByText(M.unavailable.delivery_note)).toBeTruthy();
    expect(screen.queryByTestId('document-viewer')).toBeNull();
    cleanup();

    answers['GET /admin/rental-bookings/6/documents'] = {
      status: 403,
      body: { message: 'This action is unauthorized.' },
    };
    renderWithProviders(<RentalDocumentsSection bookingId={6} />);
    expect(await screen.findByText(M.loadFailed)).toBeTruthy();
  });

  it('views the current version and opens the history of a type', async () => {
    answers['GET /admin/rental-bookings/5/documents'] = {
      status: 200,
      body: documentsReply({
        documents: [doc(8, 'proforma', 2), doc(7, 'proforma', 1, { is_current: false })],
        document_status: { ...documentsReply().document_status, proforma: status(true, null, 8, 2) },
      }),
    };
    answers['GET /admin/rental-bookings/5/documents/proforma/history'] = {
      status: 200,
      body: {
        success: true,
        message: 'Document history loaded',
        history: [doc(8, 'proforma', 2), doc(7, 'proforma', 1, { is_current: false })],
      },
    };
    renderWithProviders(<RentalDocumentsSection bookingId={5} />);
    const row = await screen.findByTestId('rental-document-row-proforma');
    fireEvent.click(within(row).getByRole('button', { name: 'View Proforma invoice' }));
    expect((await screen.findByTestId('document-viewer')).getAttribute('src')).toBe(
      '/admin/rental-bookings/5/documents/view/proforma',
    );
    fireEvent.keyDown(screen.getByTestId('document-viewer'), { key: 'Escape' });

    fireEvent.click(within(row).getByRole('button', { name: 'History of Proforma invoice' }));
    const history = await screen.findByTestId('rental-history-proforma');
    expect(within(history).getByText(/v2 \(current\) · .* · Ada Admin · 2 KB/)).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: 'View Proforma invoice v1' }));
    expect((await screen.findByTestId('document-viewer')).getAttribute('src')).toBe(
      '/admin/rental-bookings/5/documents/7/view',
    );
  });
});

describe('PeriodDocuments', () => {
  const periodReply = (finalAvailable: boolean) => ({
    success: true,
    message: 'Period documents loaded',
    invoice: {
      period_id: 3,
      period_number: 1,
      start_date: '2026-12-01',
      end_date: '2026-12-30',
      status: 'active_unpaid',
      invoice_status: 'pending',
      total: '105.50',
      paid: '30.00',
      outstanding: '75.50',
      is_fully_paid: false,
      invoice_type: 'proforma',
      proforma: doc(11, 'proforma', 1, { period_id: 3 }),
      final_invoice: null,
    },
    documents: [doc(11, 'proforma', 1, { period_id: 3 })],
    document_status: {
      proforma: status(true, null, 11, 1),
      final_invoice: finalAvailable ? status(true) : status(false, M.unavailable.final_invoice),
    },
  });

  it("shows the period's money, offers the final invoice only when available, and views the current proforma", async () => {
    answers['GET /admin/rental-bookings/5/periods/3/documents'] = { status: 200, body: periodReply(false) };
    renderWithProviders(<PeriodDocuments bookingId={5} periodId={3} />);
    const box = await screen.findByTestId('period-documents-3');
    expect(within(box).getByText('Total: $105.50')).toBeTruthy();
    expect(within(box).getByText('Outstanding: $75.50')).toBeTruthy();
    const final = screen.getByTestId('period-document-row-final_invoice');
    expect(within(final).getByText(M.unavailable.final_invoice)).toBeTruthy();
    expect(
      within(final).getByRole('button', { name: 'Generate Final invoice' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(final).getByRole('button', { name: 'View Final invoice' }).hasAttribute('disabled')).toBe(
      true,
    );
    const proforma = screen.getByTestId('period-document-row-proforma');
    fireEvent.click(within(proforma).getByRole('button', { name: 'View Proforma invoice' }));
    expect((await screen.findByTestId('document-viewer')).getAttribute('src')).toBe(
      '/admin/rental-bookings/5/periods/3/documents/view/proforma',
    );
  });

  it('generates the final invoice and e-mails it after a confirmation', async () => {
    answers['GET /admin/rental-bookings/5/periods/3/documents'] = { status: 200, body: periodReply(true) };
    answers['POST /admin/rental-bookings/5/periods/3/documents'] = {
      status: 200,
      body: {
        success: true,
        message: M.generated,
        download_url: '/admin/rental-bookings/5/documents/12/view',
        data: doc(12, 'final_invoice', 1, { period_id: 3, document_number: 'INV-2026-000001' }),
      },
    };
    answers['POST /admin/api/rental-periods/3/send-document-email'] = {
      status: 200,
      body: { success: true, message: M.emailQueued, data: null },
    };
    renderWithProviders(<PeriodDocuments bookingId={5} periodId={3} />);
    const final = await screen.findByTestId('period-document-row-final_invoice');
    fireEvent.click(within(final).getByRole('button', { name: 'Generate Final invoice' }));
    expect((await screen.findByTestId('document-viewer')).getAttribute('src')).toBe(
      '/admin/rental-bookings/5/documents/12/view',
    );
    expect(bodies['POST /admin/rental-bookings/5/periods/3/documents']).toEqual({
      document_type: 'final_invoice',
    });
    fireEvent.keyDown(screen.getByTestId('document-viewer'), { key: 'Escape' });

    fireEvent.click(within(final).getByRole('button', { name: 'E-mail Final invoice' }));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText(M.emailQueued)).toBeTruthy();
    expect(bodies['POST /admin/api/rental-periods/3/send-document-email']).toEqual({
      document_type: 'final_invoice',
    });
  });
});

describe('FinancialSummary', () => {
  it('shows billed, paid, outstanding and that there is no deposit', async () => {
    answers['GET /admin/rental-bookings/5/documents'] = { status: 200, body: documentsReply() };
    renderWithProviders(<FinancialSummary bookingId={5} />);
    expect((await screen.findByTestId('financial-billed')).textContent).toBe('$205.00');
    expect(screen.getByTestId('financial-paid').textContent).toBe('$50.00');
    expect(screen.getByTestId('financial-outstanding').textContent).toBe('$155.00');
    expect(screen.getByText(/billed is the booking's estimated total/)).toBeTruthy();
    expect(screen.getByTestId('financial-deposit').textContent).toBe('No deposit set.');
  });

  it('shows the deposit with what was collected and refunded', async () => {
    answers['GET /admin/rental-bookings/5/documents'] = {
      status: 200,
      body: documentsReply({
        financial_summary: {
          billed: '190.00',
          paid: '120.00',
          outstanding: '70.00',
          billed_from: 'periods',
          deposit: { amount: '150.00', status: 'refunded', collected: '150.00', refunded: '100.00' },
        },
      }),
    };
    renderWithProviders(<FinancialSummary bookingId={5} />);
    const deposit = await screen.findByTestId('financial-deposit');
    expect(deposit.textContent).toContain('$150.00 · Refunded');
    expect(deposit.textContent).toContain('Refunded: $100.00');
    expect(screen.queryByText(/estimated total/)).toBeNull();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as M } from '../../../contracts/contact';
import { renderWithProviders } from '../../ui/render-for-test';
import { ContactPage } from './contact-page';

afterEach(cleanup);

/** What the server answers to POST /contact in each test; the browser boundary is the only stand-in. */
let answer: { status: number; body: unknown };
let sent: unknown[] = [];

beforeEach(() => {
  sent = [];
  // The message box grows with its text (Mantine's autosize), which listens to font loading.
  (document as { fonts?: unknown }).fonts ??= { addEventListener() {}, removeEventListener() {} };
  renderWithProviders(<ContactPage />);
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/contact') {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return original(input, init);
  }) as typeof fetch;
});

function fillValid() {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.test' } });
  fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Do you ship abroad?' } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

describe('ContactPage (spec 3 §5, §8)', () => {
  it('checks the fields in the browser with the spec’s words and sends nothing', async () => {
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'R2D2' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Hi' } });
    submit();
    expect(await screen.findByText(M.nameLetters)).toBeTruthy();
    expect(screen.getByText(M.emailRequired)).toBeTruthy();
    expect(screen.getByText(M.phoneFormat)).toBeTruthy();
    expect(screen.getByText(M.messageTooShort)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says Message Sent! and empties the form', async () => {
    answer = { status: 200, body: { success: true, message: M.sent, errors: {} } };
    fillValid();
    submit();
    expect(await screen.findByText(M.sentTitle)).toBeTruthy();
    expect(screen.getByText(M.sent)).toBeTruthy();
    expect(sent).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.test', phone: '', message: 'Do you ship abroad?' },
    ]);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('puts a 422’s texts under the fields their words name, the rest in a Validation Error dialog', async () => {
    answer = {
      status: 422,
      body: {
        message: 'Please enter a valid email address',
        errors: { email: ['Please enter a valid email address'], other: ['This address is blocked'] },
      },
    };
    fillValid();
    submit();
    expect(await screen.findByText(M.validationTitle)).toBeTruthy();
    expect(screen.getByText('This address is blocked')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it.each([
    [419, { message: 'CSRF token mismatch.' }, M.somethingWrong],
    [500, { message: 'Server Error' }, M.somethingWrong],
    [429, { message: M.throttled(42) }, M.throttled(42)],
  ])('answers %i with Oops... and %j', async (status, body, text) => {
    answer = { status, body };
    fillValid();
    submit();
    expect(await screen.findByText(M.oopsTitle)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(text)).toBeTruthy());
  });
});

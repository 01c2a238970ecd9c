// @vitest-environment happy-dom
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { renderWithProviders } from '../../ui/render-for-test';
import { CORRECT_ERRORS, changedValues, NO_CHANGES, settingsSubmit } from './settings-form-values';

afterEach(cleanup);

type Values = { site_name: string; phone: string };
const SAVED: Values = { site_name: 'Emporium', phone: '+230 5000 0000' };

/** A settings form with two fields whose save answers with `answer`; records what was sent and shown. */
function Harness({
  answer,
  seen,
}: {
  answer: (body: Partial<Values>) => Promise<{ message: string; settings: Values }>;
  seen: { sent: Partial<Values>[]; saved: Values[]; fields: string[][] };
}) {
  const form = useForm<Values>({
    initialValues: SAVED,
    validate: { site_name: (v) => (v.trim() ? null : 'The site name is required.') },
  });
  const submit = settingsSubmit(form, {
    changed: (values) => changedValues(SAVED, values),
    save: (body) => {
      seen.sent.push(body);
      return answer(body);
    },
    saved: (reply) => seen.saved.push(reply.settings),
    failed: 'Failed to save the settings',
    showFields: (fields) => seen.fields.push(Object.keys(fields)),
  });
  return (
    <form onSubmit={submit} noValidate>
      <label>
        Site name
        <input {...form.getInputProps('site_name')} />
      </label>
      {form.errors.site_name && <p>{form.errors.site_name}</p>}
      {form.errors.phone && <p>{form.errors.phone}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const fresh = () => ({ sent: [] as Partial<Values>[], saved: [] as Values[], fields: [] as string[][] });
const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Site name'), { target: { value: text } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('settingsSubmit', () => {
  it('sends nothing when nothing changed, and says so', async () => {
    const seen = fresh();
    renderWithProviders(<Harness seen={seen} answer={async () => ({ message: 'Saved', settings: SAVED })} />);
    save();
    expect(await screen.findByText(NO_CHANGES)).toBeTruthy();
    expect(seen.sent).toEqual([]);
  });

  it('sends only the changed setting and takes the reply as the saved values', async () => {
    const seen = fresh();
    const stored = { ...SAVED, site_name: 'Emporium Shop' };
    renderWithProviders(
      <Harness seen={seen} answer={async () => ({ message: 'Website settings saved', settings: stored })} />,
    );
    type('Emporium Shop ');
    save();
    expect(await screen.findByText('Website settings saved')).toBeTruthy();
    expect(seen.sent).toEqual([{ site_name: 'Emporium Shop ' }]);
    expect(seen.saved).toEqual([stored]);
  });

  it('puts a 422 on its fields and shows where they are', async () => {
    const seen = fresh();
    renderWithProviders(
      <Harness
        seen={seen}
        answer={() =>
          Promise.reject(new HttpError(422, 'Invalid', { phone: ['The phone number is not valid.'] }))
        }
      />,
    );
    type('Other');
    save();
    expect(await screen.findByText('The phone number is not valid.')).toBeTruthy();
    expect(await screen.findByText(CORRECT_ERRORS)).toBeTruthy();
    expect(seen.fields).toEqual([['phone']]);
    expect(seen.saved).toEqual([]);
  });

  it('checks the form before sending, and a failure that is not a 422 is a toast in the page words', async () => {
    const seen = fresh();
    renderWithProviders(
      <Harness seen={seen} answer={() => Promise.reject(new TypeError('Failed to fetch'))} />,
    );
    type(' ');
    save();
    expect(await screen.findByText('The site name is required.')).toBeTruthy();
    expect(seen.fields).toEqual([['site_name']]);
    expect(seen.sent).toEqual([]);
    type('Other');
    save();
    await waitFor(() => expect(seen.sent).toEqual([{ site_name: 'Other' }]));
    expect(await screen.findByText('Failed to save the settings')).toBeTruthy();
  });
});

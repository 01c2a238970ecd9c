import { Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type ContactReply,
  type ContactValues,
  contactBody,
  CONTACT_MESSAGES as M,
} from '../../../contracts/contact';
import { CONTACT_MESSAGE_MAX, spreadContactErrors, textLength } from '../../../domain/contact/contact-rules';
import { csrfToken } from '../../lib/http';
import { zodValidate } from '../../lib/zod-form';

type Dialog = { title: string; text: string; tone: 'success' | 'error' } | null;

type Failure = { status: number; body: { message?: string; errors?: Record<string, string[]> } | null };

/**
 * Sends the form. Not through the shared http client: that one leaves for /login on a 419, where
 * the contact form shows its error dialog instead (spec 3 §8 "a missing CSRF token causes a generic
 * error dialog").
 */
async function send(values: ContactValues): Promise<ContactReply | Failure> {
  const response = await fetch('/contact', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': csrfToken(),
    },
    body: JSON.stringify(values),
  });
  const body = (await response.json().catch(() => null)) as Failure['body'];
  if (response.ok) return body as ContactReply;
  return { status: response.status, body };
}

const FIELD_ORDER = ['name', 'email', 'phone', 'message'] as const;

/** Moves the focus to the first field with an error, so a keyboard or screen reader user lands on it. */
function focusFirstError(errors: Record<string, unknown>) {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) document.getElementById(`contact-${first}`)?.focus();
}

/**
 * /contact (spec 3 §2, §5 Contact form, §8 "Contact"): the shared contract's rules in the browser,
 * the server's 422 spread onto the fields by the words in its texts, and the spec's dialogs.
 */
export function ContactPage() {
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', phone: '', message: '' },
    validate: zodValidate(contactBody),
  });
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const length = textLength(String(form.values.message ?? '').trim());

  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      try {
        const reply = await send(values);
        if ('success' in reply && reply.success) {
          form.reset();
          setDialog({ title: M.sentTitle, text: reply.message, tone: 'success' });
          return;
        }
        const { status, body } = reply as Failure;
        if (status === 422) {
          const texts = Object.values(body?.errors ?? {}).flat();
          const { fields, general } = spreadContactErrors(texts.length ? texts : [body?.message ?? '']);
          form.setErrors(fields);
          if (general.length > 0)
            setDialog({
              title: M.validationTitle,
              text: general.join(' ') || M.somethingWrong,
              tone: 'error',
            });
          else focusFirstError(fields);
          return;
        }
        // A 419 (no or stale token) and server failures get the generic words; other refusals
        // (429 "try again in …") say what the server said.
        const serverSays = status !== 419 && status < 500 ? body?.message : undefined;
        setDialog({ title: M.oopsTitle, text: serverSays || M.somethingWrong, tone: 'error' });
      } catch {
        setDialog({ title: M.oopsTitle, text: M.somethingWrong, tone: 'error' });
      } finally {
        setBusy(false);
      }
    },
    (errors) => focusFirstError(errors),
  );

  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1} size="h2">
          Contact us
        </Title>
        <Text c="dimmed" mt={4}>
          Questions about a product or an order? Write to us and we answer by e-mail.
        </Text>
      </div>
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={submit} noValidate aria-label="Contact form" data-testid="contact-form">
          <Stack gap="sm">
            <TextInput
              id="contact-name"
              name="name"
              label="Name"
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
            <TextInput
              id="contact-email"
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <TextInput
              id="contact-phone"
              name="phone"
              label="Phone"
              description="Optional"
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
            <Textarea
              id="contact-message"
              name="message"
              label="Message"
              required
              autosize
              minRows={5}
              maxRows={12}
              description={`${length} / ${CONTACT_MESSAGE_MAX} characters`}
              {...form.getInputProps('message')}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={busy}
                style={{ background: 'var(--theme-primary)', color: 'var(--theme-on-primary, #fff)' }}
              >
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.title}
        centered
        data-testid="contact-dialog"
      >
        <Stack>
          <Text role={dialog?.tone === 'error' ? 'alert' : 'status'}>{dialog?.text}</Text>
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => setDialog(null)}>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export default ContactPage;

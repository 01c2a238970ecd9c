import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { notifySuccess } from '../../../ui/notify';
import { useCreateStockNote } from '../stock.api';
import { STOCK_UI_MESSAGES } from '../stock-messages';
import { validateStockNote } from '../stock-update-form';

/** The item a note is about: a product, or one of its variants (spec 2 §3 Stock note). */
export type NoteItem = {
  product_id: number;
  variant_id: number | null;
  product_name: string;
  variant_name: string | null;
  sku: string | null;
};

type Props = { item: NoteItem | null; onClose: () => void; onSaved?: () => void };

/** The stock-note dialog (spec 2 §2, §5, §7): a required note about one product or variant. */
export function StockNoteDialog(props: Props) {
  return (
    <Modal opened={props.item !== null} onClose={props.onClose} title="Add stock note" centered>
      {props.item && <NoteForm key={`${props.item.product_id}-${props.item.variant_id}`} {...props} />}
    </Modal>
  );
}

function NoteForm({ item, onClose, onSaved }: Props) {
  const create = useCreateStockNote();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const errors = validateStockNote(note, item);
    setError(errors.note ?? null);
    if (errors.note || !item) return;
    try {
      const reply = await create.mutateAsync({
        product_id: item.product_id,
        variant_id: item.variant_id,
        note: note.trim(),
        product_name: item.variant_name ? `${item.product_name} — ${item.variant_name}` : item.product_name,
        sku: item.sku,
      });
      notifySuccess(reply.message);
      onSaved?.();
      onClose();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (fields) setError(fields.note ?? Object.values(fields)[0] ?? STOCK_UI_MESSAGES.noteFailed);
      else setProblem(errorMessage(failure, STOCK_UI_MESSAGES.noteFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add stock note">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {item?.product_name}
            {item?.variant_name ? ` — ${item.variant_name}` : ''}
          </Text>
          {item?.sku && (
            <Text size="xs" c="dimmed" ff="monospace">
              {item.sku}
            </Text>
          )}
        </div>
        <Textarea
          label="Note"
          withAsterisk
          data-autofocus
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          placeholder="e.g. Two units set aside for a repair"
          value={note}
          error={error}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

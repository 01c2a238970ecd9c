import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { RENTAL_DOCUMENT_TITLES, type RentalDocumentType } from '../../../../contracts/rental-documents';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { rentalDocumentUrls, useRentalDocumentHistory } from './documents.api';

const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** The versions of one booking document, newest first, each viewable. */
export function RentalDocumentHistory({
  bookingId,
  type,
  onView,
}: {
  bookingId: number;
  type: RentalDocumentType;
  onView: (target: { title: string; url: string }) => void;
}) {
  const { date_format, timezone } = useUiSettings();
  const history = useRentalDocumentHistory(bookingId, type, true);
  if (history.isPending) return <Loader size="xs" role="status" aria-label="Loading history" />;
  if (history.isError)
    return (
      <Text c="red" size="sm">
        Failed to load the history
      </Text>
    );
  if (history.data.history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No versions yet.
      </Text>
    );
  return (
    <Stack gap={4} data-testid={`rental-history-${type}`}>
      {history.data.history.map((doc) => {
        const label = `${RENTAL_DOCUMENT_TITLES[type]}${doc.document_number ? ` ${doc.document_number}` : ''} v${doc.version}`;
        return (
          <Group key={doc.id} gap="xs" justify="space-between">
            <Text size="sm">
              v{doc.version}
              {doc.is_current ? ' (current)' : ''}
              {doc.document_number ? ` · ${doc.document_number}` : ''} ·{' '}
              {displayDateTime(doc.created_at, date_format, timezone)}
              {doc.created_by ? ` · ${doc.created_by}` : ''} · {kb(doc.size)}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`View ${label}`}
              onClick={() => onView({ title: label, url: rentalDocumentUrls.version(bookingId, doc.id) })}
            >
              View
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

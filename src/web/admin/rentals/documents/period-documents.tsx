import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import {
  RENTAL_DOCUMENT_MESSAGES as M,
  PDF_LOADER_MS,
  PERIOD_DOCUMENT_TYPES,
  type PeriodDocumentType,
  RENTAL_DOCUMENT_TITLES,
} from '../../../../contracts/rental-documents';
import { errorMessage } from '../../../lib/form-errors';
import { confirmAction } from '../../../ui/confirm';
import { MoneyText } from '../../../ui/money-text';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PdfViewerModal, type PdfViewerTarget } from '../../../ui/pdf-viewer-modal';
import { rentalDocumentUrls, usePeriodDocuments, useRentalDocumentActions } from './documents.api';

/**
 * A period's proforma and final invoice (spec 3 §4: the final invoice once the period is active
 * and paid, paid, or fully paid): its total, paid and outstanding, then per document Generate,
 * View (the current version, in the viewer) and E-mail to the booking's customer, after a
 * confirmation.
 */
export function PeriodDocuments({ bookingId, periodId }: { bookingId: number; periodId: number }) {
  const documents = usePeriodDocuments(bookingId, periodId);
  const { generatePeriod, email } = useRentalDocumentActions(bookingId);
  const [viewer, setViewer] = useState<PdfViewerTarget>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const make = async (type: PeriodDocumentType) => {
    setBusy(`generate-${type}`);
    try {
      const reply = await generatePeriod.mutateAsync({ periodId, type });
      notifySuccess(reply.message);
      setViewer({ title: RENTAL_DOCUMENT_TITLES[type], url: reply.download_url });
    } catch (error) {
      notifyError(errorMessage(error, M.generateFailed));
    } finally {
      setBusy(null);
    }
  };

  const send = async (type: PeriodDocumentType) => {
    const confirmed = await confirmAction({
      title: 'Send by e-mail?',
      message: `A new version of the ${RENTAL_DOCUMENT_TITLES[type].toLowerCase()} of this period will be made and e-mailed to the customer.`,
      confirmLabel: 'Send',
    });
    if (!confirmed) return;
    setBusy(`email-${type}`);
    try {
      const reply = await email.mutateAsync({ periodId, type });
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(errorMessage(error, M.emailFailed));
    } finally {
      setBusy(null);
    }
  };

  if (documents.isPending) return <Loader size="xs" role="status" aria-label="Loading period documents" />;
  if (documents.isError) return <Alert color="red">{M.loadFailed}</Alert>;
  const { invoice, document_status } = documents.data;
  return (
    <Stack gap="xs" data-testid={`period-documents-${periodId}`}>
      <Group gap="lg">
        <Text size="sm">
          Total: <MoneyText amount={invoice.total} />
        </Text>
        <Text size="sm">
          Paid: <MoneyText amount={invoice.paid} />
        </Text>
        <Text size="sm" fw={500}>
          Outstanding: <MoneyText amount={invoice.outstanding} />
        </Text>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Availability</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERIOD_DOCUMENT_TYPES.map((type) => {
            const status = document_status[type];
            const current = invoice[type];
            const title = RENTAL_DOCUMENT_TITLES[type];
            return (
              <Fragment key={type}>
                <Table.Tr data-testid={`period-document-row-${type}`}>
                  <Table.Td>
                    <Text fw={500}>{title}</Text>
                    {current && (
                      <Text size="xs" c="dimmed">
                        {current.document_number ? `${current.document_number} · ` : ''}v{current.version}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={status.available ? 'green' : 'gray'} miw="max-content">
                      {status.available ? 'Available' : 'Not available'}
                    </Badge>
                    {status.reason && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {status.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        disabled={!status.available}
                        loading={busy === `generate-${type}`}
                        aria-label={`Generate ${title}`}
                        onClick={() => make(type)}
                      >
                        Generate
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={!current}
                        aria-label={`View ${title}`}
                        onClick={() =>
                          setViewer({ title, url: rentalDocumentUrls.period(bookingId, periodId, type) })
                        }
                      >
                        View
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={!status.available}
                        loading={busy === `email-${type}`}
                        aria-label={`E-mail ${title}`}
                        onClick={() => send(type)}
                      >
                        E-mail
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
      <PdfViewerModal target={viewer} onClose={() => setViewer(null)} minLoaderMs={PDF_LOADER_MS} />
    </Stack>
  );
}

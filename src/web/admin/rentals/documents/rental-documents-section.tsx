import { Alert, Badge, Button, Card, Group, Loader, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import {
  RENTAL_DOCUMENT_MESSAGES as M,
  PDF_LOADER_MS,
  RENTAL_DOCUMENT_TITLES,
  RENTAL_DOCUMENT_TYPES,
  type RentalDocumentType,
} from '../../../../contracts/rental-documents';
import { errorMessage } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PdfViewerModal, type PdfViewerTarget } from '../../../ui/pdf-viewer-modal';
import { RentalDocumentHistory } from './document-history';
import { rentalDocumentUrls, useRentalDocumentActions, useRentalDocuments } from './documents.api';

/**
 * The booking's documents (spec 3 §2 "documents with a PDF viewer", §4 availability): the five
 * types with whether each may be made now (and why not), Generate (a new version, then shown),
 * View (the current version) in the in-page viewer with its 1 s loader, and the history per type.
 * A type never generated offers Generate first: viewing never makes a document.
 */
export function RentalDocumentsSection({ bookingId }: { bookingId: number }) {
  const documents = useRentalDocuments(bookingId);
  const { generate } = useRentalDocumentActions(bookingId);
  const [viewer, setViewer] = useState<PdfViewerTarget>(null);
  const [openHistory, setOpenHistory] = useState<RentalDocumentType | null>(null);
  const [busy, setBusy] = useState<RentalDocumentType | null>(null);

  const make = async (type: RentalDocumentType) => {
    setBusy(type);
    try {
      const reply = await generate.mutateAsync(type);
      notifySuccess(reply.message);
      setViewer({ title: RENTAL_DOCUMENT_TITLES[type], url: reply.download_url });
    } catch (error) {
      notifyError(errorMessage(error, M.generateFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby={`rental-documents-${bookingId}`}>
      <Title order={2} size="h4" mb="sm" id={`rental-documents-${bookingId}`}>
        Documents
      </Title>
      {documents.isPending && <Loader size="sm" role="status" aria-label="Loading documents" />}
      {documents.isError && <Alert color="red">{M.loadFailed}</Alert>}
      {documents.data && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Availability</Table.Th>
              <Table.Th>Versions</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {RENTAL_DOCUMENT_TYPES.map((type) => {
              const status = documents.data.document_status[type];
              const current = documents.data.documents.find((d) => d.id === status.current_id);
              const title = RENTAL_DOCUMENT_TITLES[type];
              return (
                <Fragment key={type}>
                  <Table.Tr data-testid={`rental-document-row-${type}`}>
                    <Table.Td>
                      <Text fw={500}>{title}</Text>
                      {current?.document_number && (
                        <Text size="xs" c="dimmed">
                          {current.document_number}
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
                    <Table.Td>{status.count}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          disabled={!status.available}
                          loading={busy === type}
                          aria-label={`Generate ${title}`}
                          onClick={() => make(type)}
                        >
                          Generate
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="light"
                          disabled={status.count === 0}
                          aria-label={`View ${title}`}
                          onClick={() =>
                            setViewer({ title, url: rentalDocumentUrls.current(bookingId, type) })
                          }
                        >
                          View
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          disabled={status.count === 0}
                          aria-expanded={openHistory === type}
                          aria-label={`History of ${title}`}
                          onClick={() => setOpenHistory(openHistory === type ? null : type)}
                        >
                          History
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {openHistory === type && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <RentalDocumentHistory bookingId={bookingId} type={type} onView={setViewer} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <PdfViewerModal target={viewer} onClose={() => setViewer(null)} minLoaderMs={PDF_LOADER_MS} />
    </Card>
  );
}

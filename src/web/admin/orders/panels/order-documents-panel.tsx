import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../../contracts/orders';
import {
  DOCUMENT_TITLES,
  DOCUMENT_TYPES,
  type DocumentType,
} from '../../../../domain/orders/documents-and-link';
import { errorMessage } from '../../../lib/form-errors';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PdfViewerModal, type PdfViewerTarget } from '../../../ui/pdf-viewer-modal';
import {
  storedDocumentUrl,
  useDocumentActions,
  useDocumentHistory,
  useOrderDocuments,
} from './documents-and-link.api';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB');
const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

function DocumentHistory({
  orderId,
  type,
  onView,
  onDelete,
}: {
  orderId: number;
  type: DocumentType;
  onView: (docId: number, label: string) => void;
  onDelete: (docId: number, label: string) => void;
}) {
  const history = useDocumentHistory(orderId, type, true);
  if (history.isPending) return <Loader size="xs" />;
  if (history.isError)
    return (
      <Text c="red" size="sm">
        {M.historyFailed}
      </Text>
    );
  if (history.data.history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No versions yet.
      </Text>
    );
  return (
    <Stack gap={4} data-testid={`history-${type}`}>
      {history.data.history.map((doc) => {
        const label = `${DOCUMENT_TITLES[type]}${doc.document_number ? ` ${doc.document_number}` : ''} v${doc.version}`;
        return (
          <Group key={doc.id} gap="xs" justify="space-between">
            <Text size="sm">
              v{doc.version}
              {doc.document_number ? ` · ${doc.document_number}` : ''} · {when(doc.created_at)}
              {doc.created_by ? ` · ${doc.created_by}` : ''} · {kb(doc.size)}
            </Text>
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={() => onView(doc.id, label)}>
                View
              </Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(doc.id, label)}>
                Delete
              </Button>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * The order's documents (spec 1 §2, §3 Document, §4 availability, §7 Documents, §8): one row per
 * type with its availability, Generate (a new version) and View (the latest, made when the order
 * changed since), an in-page PDF viewer, the history of versions, e-mail to the customer and
 * delete after a confirmation.
 */
export function OrderDocumentsPanel({ orderId }: { orderId: number }) {
  const documents = useOrderDocuments(orderId);
  const { prepare, email, remove } = useDocumentActions(orderId);
  const [viewer, setViewer] = useState<PdfViewerTarget>(null);
  const [openHistory, setOpenHistory] = useState<DocumentType | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const show = async (type: DocumentType, fresh: boolean) => {
    setBusy(`${fresh ? 'generate' : 'view'}-${type}`);
    try {
      const latest = await prepare.mutateAsync({ type, fresh });
      setViewer({ title: DOCUMENT_TITLES[type], url: storedDocumentUrl(orderId, latest) });
    } catch (error) {
      notifyError(errorMessage(error, M.viewFailed));
    } finally {
      setBusy(null);
    }
  };

  const send = async (type: DocumentType) => {
    setBusy(`email-${type}`);
    try {
      const reply = await email.mutateAsync(type);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(errorMessage(error, M.emailFailed));
    } finally {
      setBusy(null);
    }
  };

  const del = async (type: DocumentType, docId: number, label: string) => {
    const confirmed = await confirmAction({
      title: 'Delete document?',
      message: `This will permanently delete ${label}. Its number stays reserved for this order. This action cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const reply = await remove.mutateAsync({ docId, type });
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(errorMessage(error, M.deleteFailed));
    }
  };

  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Documents
      </Title>
      {documents.isPending && <Loader size="sm" />}
      {documents.isError && <Alert color="red">{M.loadFailed}</Alert>}
      {documents.data && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Versions</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DOCUMENT_TYPES.map((type) => {
              const status = documents.data.document_status[type] ?? {
                available: false,
                latest_id: null,
                count: 0,
              };
              const latest = documents.data.documents.find((d) => d.id === status.latest_id);
              const canView = status.available || status.count > 0;
              return [
                <Table.Tr key={type} data-testid={`document-row-${type}`}>
                  <Table.Td>
                    <Text fw={500}>{DOCUMENT_TITLES[type]}</Text>
                    {latest?.document_number && (
                      <Text size="xs" c="dimmed">
                        {latest.document_number}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={status.available ? 'green' : 'gray'}
                      style={{ overflow: 'visible' }}
                      miw="max-content"
                    >
                      {status.available ? 'Available' : 'Not available'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{status.count}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        disabled={!status.available}
                        loading={busy === `generate-${type}`}
                        onClick={() => show(type, true)}
                      >
                        Generate
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={!canView}
                        loading={busy === `view-${type}`}
                        onClick={() => show(type, false)}
                      >
                        View
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={!canView}
                        loading={busy === `email-${type}`}
                        onClick={() => send(type)}
                      >
                        E-mail
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        disabled={status.count === 0}
                        onClick={() => setOpenHistory(openHistory === type ? null : type)}
                      >
                        History
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>,
                openHistory === type ? (
                  <Table.Tr key={`${type}-history`}>
                    <Table.Td colSpan={4}>
                      <DocumentHistory
                        orderId={orderId}
                        type={type}
                        onView={(docId, label) =>
                          setViewer({ title: label, url: storedDocumentUrl(orderId, docId) })
                        }
                        onDelete={(docId, label) => del(type, docId, label)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ) : null,
              ];
            })}
          </Table.Tbody>
        </Table>
      )}
      <PdfViewerModal target={viewer} onClose={() => setViewer(null)} />
    </Card>
  );
}

import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RENTAL_DOCUMENT_MESSAGES as M } from '../../../../contracts/rental-documents';
import { MoneyText } from '../../../ui/money-text';
import { useRentalDocuments } from './documents.api';

const DEPOSIT_LABELS: Record<string, string> = {
  not_set: 'Not set',
  collected: 'Collected',
  held: 'Held',
  refunded: 'Refunded',
  forfeited: 'Forfeited',
};

function Figure({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} data-testid={`financial-${label.toLowerCase()}`}>
        <MoneyText amount={amount} />
      </Text>
    </Stack>
  );
}

/**
 * The booking's money (spec 3 §7 financial_summary): billed (the periods' totals, or the estimate
 * while there is no period), paid (completed payments), outstanding, and the deposit.
 */
export function FinancialSummary({ bookingId }: { bookingId: number }) {
  const documents = useRentalDocuments(bookingId);
  return (
    <Card withBorder component="section" aria-labelledby={`financial-summary-${bookingId}`}>
      <Title order={2} size="h4" mb="sm" id={`financial-summary-${bookingId}`}>
        Financial summary
      </Title>
      {documents.isPending && <Loader size="sm" role="status" aria-label="Loading financial summary" />}
      {documents.isError && <Alert color="red">{M.loadFailed}</Alert>}
      {documents.data &&
        (() => {
          const s = documents.data.financial_summary;
          return (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <Figure label="Billed" amount={s.billed} />
                <Figure label="Paid" amount={s.paid} />
                <Figure label="Outstanding" amount={s.outstanding} strong />
              </SimpleGrid>
              {s.billed_from === 'estimate' && (
                <Text size="xs" c="dimmed">
                  No billing period yet: billed is the booking's estimated total.
                </Text>
              )}
              {s.deposit ? (
                <Group gap="lg" data-testid="financial-deposit">
                  <Text size="sm">
                    Deposit: <MoneyText amount={s.deposit.amount} /> ·{' '}
                    {DEPOSIT_LABELS[s.deposit.status] ?? s.deposit.status}
                  </Text>
                  <Text size="sm">
                    Collected: <MoneyText amount={s.deposit.collected} />
                  </Text>
                  <Text size="sm">
                    Refunded: <MoneyText amount={s.deposit.refunded} />
                  </Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed" data-testid="financial-deposit">
                  No deposit set.
                </Text>
              )}
            </Stack>
          );
        })()}
    </Card>
  );
}

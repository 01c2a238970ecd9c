import { Badge, Group, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { VatReply } from '../../../../contracts/catalogue-reference';
import { useUiSettings } from '../../../lib/ui-settings';
import { useVatChanges, useVats } from '../reference.api';
import { ReferenceTab } from './reference-tab';
import { ActiveBadge } from './shared';
import { VAT_TYPE_BADGES, VatFormModal } from './vat-form-modal';

const decimals = (value: number, min: number) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: min, maximumFractionDigits: 4 });

/** What a rate means, in words: "15%", "$0.50 per unit", or "No VAT". */
export function describeRate(vat: Pick<VatReply, 'type' | 'rate'>, symbol: string): string {
  if (vat.type === 'percentage') return `${decimals(vat.rate, 0)}%`;
  if (vat.type === 'fixed') return `${symbol}${decimals(vat.rate, 2)} per unit`;
  return 'No VAT';
}

/** VAT rates: the default badged, search, paging, create, edit, delete. */
export function VatRatesTab() {
  const { remove } = useVatChanges();
  const symbol = useUiSettings().currency.symbol;
  return (
    <ReferenceTab<VatReply>
      words={{ one: 'VAT rate', many: 'VAT rates', title: 'VAT rates' }}
      useRows={useVats}
      remove={(id) => remove.mutateAsync(id)}
      deleteNote={(vat) =>
        vat.is_default ? ' It is the default rate: no rate will be the default until you choose another.' : ''
      }
      columns={[
        {
          key: 'name',
          title: 'Name',
          sort: 'name',
          render: (vat) => (
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {vat.name}
              </Text>
              {vat.is_default && (
                <Badge size="sm" variant="filled" color="shop" leftSection={<IconStar size={10} />}>
                  Default
                </Badge>
              )}
            </Group>
          ),
        },
        {
          key: 'type',
          title: 'Type',
          render: (vat) => (
            <Badge size="sm" variant="light" color="gray">
              {VAT_TYPE_BADGES[vat.type]}
            </Badge>
          ),
        },
        {
          key: 'rate',
          title: 'Rate',
          sort: 'rate',
          render: (vat) => (
            <Text size="sm" c={vat.type === 'exempt' || vat.type === 'zero' ? 'dimmed' : undefined}>
              {describeRate(vat, symbol)}
            </Text>
          ),
        },
        { key: 'status', title: 'Status', render: (vat) => <ActiveBadge active={vat.is_active} /> },
      ]}
      empty={{
        search: 'Try another name or clear the search.',
        none: 'Add the rates your products are taxed at: a percentage, a fixed amount, exempt or zero.',
      }}
      modal={({ opened, editing, onClose }) => (
        <VatFormModal opened={opened} vat={editing} onClose={onClose} />
      )}
    />
  );
}

import { Text } from '@mantine/core';
import type { BrandReply } from '../../../../contracts/catalogue-reference';
import { useBrandChanges, useBrands } from '../reference.api';
import { BrandFormModal } from './brand-form-modal';
import { ReferenceTab } from './reference-tab';
import { ActiveBadge } from './shared';

/** Brands: search, paging (10, spec 2 §9), create, edit, delete. */
export function BrandsTab() {
  const { remove } = useBrandChanges();
  return (
    <ReferenceTab<BrandReply>
      words={{ one: 'brand', many: 'brands', title: 'Brands' }}
      useRows={useBrands}
      remove={(id) => remove.mutateAsync(id)}
      columns={[
        {
          key: 'name',
          title: 'Name',
          sort: 'name',
          render: (brand) => (
            <Text fw={600} size="sm">
              {brand.name}
            </Text>
          ),
        },
        {
          key: 'slug',
          title: 'Slug',
          render: (brand) => (
            <Text size="sm" ff="monospace" c="dimmed">
              {brand.slug}
            </Text>
          ),
        },
        { key: 'status', title: 'Status', render: (brand) => <ActiveBadge active={brand.is_active} /> },
      ]}
      empty={{
        search: 'Try another name or clear the search.',
        none: 'Brands let shoppers find products by maker.',
      }}
      modal={({ opened, editing, onClose }) => (
        <BrandFormModal opened={opened} brand={editing} onClose={onClose} />
      )}
    />
  );
}

import { Tabs } from '@mantine/core';
import { IconCategory, IconListDetails, IconPalette, IconReceiptTax, IconTags } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { AttributesTab } from './components/attributes-tab';
import { BrandsTab } from './components/brands-tab';
import { CategoriesTab } from './components/categories-tab';
import { ColoursTab } from './components/colours-tab';
import { VatRatesTab } from './components/vat-rates-tab';

const TABS = ['categories', 'brands', 'colours', 'attributes', 'vat-rates'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * Catalogue settings: the reference data products are built from (spec 2 §3, §7; spec 3 §2
 * attribute values), one tab each, the tab kept in the address bar (?tab=brands) so a reload or a
 * shared link opens the same one.
 */
export function CatalogueSettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'categories';

  // Each tab keeps its own list state in the address bar; switching starts the other list afresh.
  const openTab = (next: string | null) => {
    if (!isTab(next)) return;
    setParams(next === 'categories' ? {} : { tab: next });
  };

  return (
    <>
      <PageHeader
        title="Catalogue settings"
        description="Categories, brands, colours, attributes and VAT rates that products are built from."
      />
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="categories" leftSection={<IconCategory size={16} />}>
            Categories
          </Tabs.Tab>
          <Tabs.Tab value="brands" leftSection={<IconTags size={16} />}>
            Brands
          </Tabs.Tab>
          <Tabs.Tab value="colours" leftSection={<IconPalette size={16} />}>
            Colours
          </Tabs.Tab>
          <Tabs.Tab value="attributes" leftSection={<IconListDetails size={16} />}>
            Attributes
          </Tabs.Tab>
          <Tabs.Tab value="vat-rates" leftSection={<IconReceiptTax size={16} />}>
            VAT rates
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="categories">
          <CategoriesTab />
        </Tabs.Panel>
        <Tabs.Panel value="brands">
          <BrandsTab />
        </Tabs.Panel>
        <Tabs.Panel value="colours">
          <ColoursTab />
        </Tabs.Panel>
        <Tabs.Panel value="attributes">
          <AttributesTab />
        </Tabs.Panel>
        <Tabs.Panel value="vat-rates">
          <VatRatesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default CatalogueSettingsPage;

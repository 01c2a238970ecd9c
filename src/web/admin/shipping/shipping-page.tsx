import { Tabs } from '@mantine/core';
import { IconCalculator, IconMap2, IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { LocationsTab } from './components/locations-tab';
import { MethodsTab } from './components/methods-tab';
import { QuotePanel } from './components/quote-panel';
import { ZonesTab } from './components/zones-tab';

const TABS = ['methods', 'zones', 'locations', 'quote'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * Shipping (spec 2 §2): methods and zones in modals, countries, states and cities with inline forms
 * (§4), and a quote tester. The tab is kept in the address bar (?tab=zones).
 */
export function ShippingPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'methods';

  return (
    <>
      <PageHeader
        title="Shipping"
        description="Methods, zones and their rates, and the places you deliver to."
      />
      <Tabs
        value={tab}
        onChange={(next) => isTab(next) && setParams(next === 'methods' ? {} : { tab: next })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="methods" leftSection={<IconTruckDelivery size={16} />}>
            Methods
          </Tabs.Tab>
          <Tabs.Tab value="zones" leftSection={<IconMap2 size={16} />}>
            Zones
          </Tabs.Tab>
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />}>
            Locations
          </Tabs.Tab>
          <Tabs.Tab value="quote" leftSection={<IconCalculator size={16} />}>
            Test a quote
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="methods">
          <MethodsTab />
        </Tabs.Panel>
        <Tabs.Panel value="zones">
          <ZonesTab />
        </Tabs.Panel>
        <Tabs.Panel value="locations">
          <LocationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="quote">
          <QuotePanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default ShippingPage;

import { Paper, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { CitiesPanel } from './cities-panel';
import { CountriesPanel } from './countries-panel';
import { StatesPanel } from './states-panel';

type Kind = 'countries' | 'states' | 'cities';

/** Countries, states and cities, each a list of 10 per page with an inline form (spec 2 §2, §4). */
export function LocationsTab() {
  const [kind, setKind] = useState<Kind>('countries');
  return (
    <Stack>
      <Paper>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          data={[
            { value: 'countries', label: 'Countries' },
            { value: 'states', label: 'States' },
            { value: 'cities', label: 'Cities' },
          ]}
        />
      </Paper>
      {kind === 'countries' && <CountriesPanel />}
      {kind === 'states' && <StatesPanel />}
      {kind === 'cities' && <CitiesPanel />}
    </Stack>
  );
}

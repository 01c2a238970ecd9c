import { Combobox, Group, Input, Loader, Pill, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  DISCOUNT_MESSAGES,
  type DiscountCategoryRef,
  type DiscountProductRef,
  SELECTOR_DEBOUNCE_MS,
  SELECTOR_MIN_CHARS,
} from '../../../../contracts/discounts';
import { type SelectorKind, useSelectorOptions } from '../discounts.api';

type Item<K extends SelectorKind> = K extends 'products' ? DiscountProductRef : DiscountCategoryRef;

const NOUNS: Record<SelectorKind, { one: string; many: string }> = {
  products: { one: 'product', many: 'products' },
  categories: { one: 'category', many: 'categories' },
};

function labelOf(item: DiscountProductRef | DiscountCategoryRef): string {
  if ('path' in item) return item.path;
  return item.sku ? `${item.name} · ${item.sku}` : item.name;
}

/**
 * The product or category picker of the discount form (spec 2 §5): it searches once 2 characters
 * are typed, 300 ms after typing stops, shows 10 results without the ones already chosen, and
 * lists the chosen ones as removable chips.
 */
export function TargetPicker<K extends SelectorKind>({
  kind,
  label,
  value,
  onChange,
  error,
  required,
  description,
}: {
  kind: K;
  label: string;
  value: Item<K>[];
  onChange: (items: Item<K>[]) => void;
  error?: string | null;
  required?: boolean;
  description?: string;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SELECTOR_DEBOUNCE_MS);
  const chosenIds = value.map((item) => item.id);
  const enough = debounced.length >= SELECTOR_MIN_CHARS;
  const options = useSelectorOptions(kind, debounced, chosenIds, enough);
  const noun = NOUNS[kind];
  // The server leaves the chosen ones out; an answer from before the last choice may still hold one.
  const visible = ((options.data ?? []) as Item<K>[]).filter((o) => !chosenIds.includes(o.id));
  const typedEnough = search.trim().length >= SELECTOR_MIN_CHARS;
  const waiting = typedEnough && (search.trim() !== debounced || options.isFetching);

  let content: ReactNode;
  if (!typedEnough) content = <Combobox.Empty>{DISCOUNT_MESSAGES.searchTooShort}</Combobox.Empty>;
  else if (options.isError) content = <Combobox.Empty>Search failed. Please try again.</Combobox.Empty>;
  else if (waiting && visible.length === 0) content = <Combobox.Empty>Searching…</Combobox.Empty>;
  else if (visible.length === 0) content = <Combobox.Empty>No {noun.many} found</Combobox.Empty>;
  else
    content = visible.map((item) => (
      <Combobox.Option value={String(item.id)} key={item.id}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm">{labelOf(item)}</Text>
          {'is_active' in item && item.is_active === false && (
            <Text size="xs" c="dimmed">
              inactive
            </Text>
          )}
        </Group>
      </Combobox.Option>
    ));

  return (
    <Input.Wrapper
      label={label}
      withAsterisk={required}
      description={description}
      error={error}
      // The search box carries the accessible name; the wrapper only lays out.
      labelProps={{ htmlFor: `${kind}-picker` }}
    >
      <Stack gap="xs" mt={4}>
        <Combobox
          store={combobox}
          onOptionSubmit={(id) => {
            const picked = visible.find((item) => String(item.id) === id);
            if (picked) onChange([...value, picked]);
            combobox.closeDropdown();
            setSearch('');
          }}
        >
          <Combobox.Target>
            <TextInput
              id={`${kind}-picker`}
              aria-label={`Search ${noun.many}`}
              placeholder={`Type at least ${SELECTOR_MIN_CHARS} characters to find ${noun.many}`}
              leftSection={<IconSearch size={16} />}
              rightSection={waiting ? <Loader size="xs" /> : null}
              value={search}
              error={Boolean(error)}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                combobox.openDropdown();
                combobox.updateSelectedOptionIndex();
              }}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown>
            <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={`Matching ${noun.many}`}>
              {content}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        {value.length > 0 ? (
          <Pill.Group aria-label={`Chosen ${noun.many}`}>
            {value.map((item) => (
              <Pill
                key={item.id}
                size="md"
                withRemoveButton
                onRemove={() => onChange(value.filter((other) => other.id !== item.id))}
                removeButtonProps={{ 'aria-label': `Remove ${labelOf(item)}` }}
              >
                {labelOf(item)}
              </Pill>
            ))}
          </Pill.Group>
        ) : (
          <Text size="xs" c="dimmed">
            No {noun.many} chosen yet.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** A search box that reports its text 300 ms after typing stops (spec 1 §9, spec 2 §9). */
export function SearchInput({
  value,
  onSearch,
  placeholder = 'Search…',
  label = 'Search',
  w = 280,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  label?: string;
  w?: number | string;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onSearch, 300);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      w={w}
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value.trim());
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
    />
  );
}

import { Button, Group, Text } from '@mantine/core';
import { pageStrip } from '../../../domain/paging/paging';

/**
 * The page-number strip (spec 1 §2, spec 2 §9): every page up to `showAllUpTo` (5 on order lists,
 * 7 on stock lists), otherwise first, neighbours of the current, last, with ellipses.
 */
export function PageStrip({
  page,
  lastPage,
  showAllUpTo = 5,
  onChange,
}: {
  page: number;
  lastPage: number;
  showAllUpTo?: number;
  onChange: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <Group gap={4} component="nav" aria-label="Pages">
      <Button
        size="compact-sm"
        variant="default"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label="Previous page"
      >
        ‹
      </Button>
      {pageStrip(page, lastPage, showAllUpTo).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="compact-sm"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ) : (
          <Text key={item} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ),
      )}
      <Button
        size="compact-sm"
        variant="default"
        disabled={page >= lastPage}
        onClick={() => onChange(page + 1)}
        aria-label="Next page"
      >
        ›
      </Button>
    </Group>
  );
}

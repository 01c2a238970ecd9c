import { Alert, Checkbox, Input, Paper, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useCategoryTree } from '../../../catalogue/reference.api';

/**
 * The categories of a product, as the tree of top categories and their sub-categories
 * (spec 2 §7, depth 2). Each category is chosen on its own.
 */
export function CategoryTree({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | null;
}) {
  const tree = useCategoryTree();
  const chosen = new Set(value);
  const toggle = (id: number) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);

  let body: React.ReactNode;
  if (tree.isLoading) {
    body = (
      <Stack gap={6} p="sm">
        <Skeleton height={18} width="60%" />
        <Skeleton height={18} width="50%" ml="lg" />
        <Skeleton height={18} width="55%" ml="lg" />
      </Stack>
    );
  } else if (tree.isError) {
    body = (
      <Alert color="red" m="sm" role="alert">
        Failed to load categories
      </Alert>
    );
  } else if ((tree.data?.data ?? []).length === 0) {
    body = (
      <Text size="sm" c="dimmed" p="sm">
        No categories yet. Add them in Catalogue settings.
      </Text>
    );
  } else {
    body = (
      <Stack gap={6} p="sm">
        {(tree.data?.data ?? []).map((top) => (
          <Stack key={top.id} gap={6}>
            <Checkbox
              label={top.name}
              checked={chosen.has(top.id)}
              onChange={() => toggle(top.id)}
              fw={500}
            />
            {top.children.map((child) => (
              <Checkbox
                key={child.id}
                ml="lg"
                label={child.name}
                checked={chosen.has(child.id)}
                onChange={() => toggle(child.id)}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Input.Wrapper
      label="Categories"
      description={value.length === 0 ? 'None chosen' : `${value.length} chosen`}
      error={error}
    >
      <Paper withBorder mt={6} role="group" aria-label="Categories">
        <ScrollArea.Autosize mah={240} type="auto">
          {body}
        </ScrollArea.Autosize>
      </Paper>
    </Input.Wrapper>
  );
}

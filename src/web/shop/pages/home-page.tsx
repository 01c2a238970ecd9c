import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** The home page (the hero slider and products arrive with the catalogue and storefront issues). */
export function HomePage({ site_name, description }: { site_name: string; description: string }) {
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 48 }} withBorder bg="white">
      <Stack gap="md" maw={640}>
        <Title order={1}>{site_name}</Title>
        <Text size="lg" c="dimmed">
          {description}
        </Text>
        <Group>
          <Button component="a" href="/register" size="md">
            Create an account
          </Button>
          <Button component="a" href="/login" variant="default" size="md">
            Sign in
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Avatar, Group, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { Viewer } from '../session';

/** Who is signed in and as what: the face of the account menu, and its stand-in while it loads. */
export function SignedInUser({ user }: { user: Viewer }) {
  return (
    <Group gap={8}>
      <Avatar size={30} radius="xl" color="shop" aria-hidden>
        {user.full_name.slice(0, 1).toUpperCase()}
      </Avatar>
      <div>
        <Text size="sm" fw={500} lh={1.1} data-testid="signed-in-user">
          {user.full_name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.1}>
          {user.active_role}
        </Text>
      </div>
      <IconChevronDown size={14} />
    </Group>
  );
}

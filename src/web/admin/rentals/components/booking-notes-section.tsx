import { Card, Grid, Stack, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { BookingFormValues } from '../booking-form-state';

/** Admin and customer notes (spec 3 §3); saved with the booking. */
export function BookingNotesSection({ form }: { form: UseFormReturnType<BookingFormValues> }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Notes
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label="Admin notes"
              description="Only staff see these."
              autosize
              minRows={3}
              {...form.getInputProps('admin_notes')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label="Customer notes"
              description="Shown to the customer on their documents."
              autosize
              minRows={3}
              {...form.getInputProps('customer_notes')}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}

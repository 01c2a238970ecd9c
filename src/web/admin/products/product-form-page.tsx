import { Title } from '@mantine/core';

// Interim page: replaced by the real screen in issue 3.
export default function Page() {
  return <Title order={2}>product-form-page</Title>;
}

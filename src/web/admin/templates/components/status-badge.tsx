import { Badge } from '@mantine/core';
import type { TemplateStatus } from '../../../../contracts/email-templates';

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  return (
    <Badge size="sm" variant="light" color={status === 'active' ? 'teal' : 'gray'}>
      {status === 'active' ? 'Active' : 'Inactive'}
    </Badge>
  );
}

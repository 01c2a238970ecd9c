import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ApplicableRule } from '../../../../../contracts/discounts';
import { displayDate } from '../../../../lib/format';
import { useUiSettings } from '../../../../lib/ui-settings';
import { useApplicableRules } from '../../products.api';

/**
 * A rule's state today for the buyers it is for: the engine answers for the person looking, so the
 * role reason is left out (the "For" column says who).
 */
function stateOf(rule: ApplicableRule): { label: string; color: string; why: string | null } {
  const reasons = rule.reasons.filter((reason) => reason.code !== 'role');
  if (reasons.length === 0) return { label: 'Applies today', color: 'teal', why: null };
  return { label: 'Not applying', color: 'gray', why: reasons.map((reason) => reason.message).join(' ') };
}

/**
 * The discount rules that apply to this product (issue 12, spec 2 §7): priority, value, who for,
 * dates, and whether each one applies today and why not. The rule that prices the product is
 * marked; links go to the rule's edit page.
 */
export function ApplicableRulesPanel({ productId }: { productId: number }) {
  const rules = useApplicableRules(productId);
  const { date_format, currency } = useUiSettings();
  const value = (rule: ApplicableRule) =>
    rule.discount_type === 'percent'
      ? `${rule.discount_value} %`
      : `${currency.symbol}${rule.discount_value.toFixed(2)}`;
  return (
    <Card withBorder component="section" aria-label="Discount rules for this product" mt="lg">
      <Title order={4}>Discount rules for this product</Title>
      <Text size="sm" c="dimmed" mb="md">
        Rules that target it, its categories or every product. For each buyer, the applying rule with the
        highest priority prices it.
      </Text>
      {rules.isError ? (
        <Alert color="red" title="Failed to load discount rules" />
      ) : rules.isLoading ? (
        <Stack gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : (rules.data?.rules.length ?? 0) === 0 ? (
        <Text size="sm" c="dimmed">
          No discount rule targets this product.{' '}
          <Anchor component={Link} to="/admin/discounts/create" size="sm">
            Create one
          </Anchor>
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Discount rules for this product">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Priority</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>For</Table.Th>
              <Table.Th>Dates</Table.Th>
              <Table.Th>Today</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.data!.rules.map((rule) => {
              const state = stateOf(rule);
              return (
                <Table.Tr key={rule.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/discounts/${rule.id}/edit`} size="sm">
                      {rule.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{rule.priority}</Table.Td>
                  <Table.Td>{value(rule)}</Table.Td>
                  <Table.Td>
                    {rule.applicable_roles.length > 0 ? rule.applicable_roles.join(', ') : 'Everyone'}
                  </Table.Td>
                  <Table.Td>
                    {rule.start_date || rule.end_date
                      ? `${rule.start_date ? displayDate(rule.start_date, date_format) : '…'} – ${rule.end_date ? displayDate(rule.end_date, date_format) : '…'}`
                      : 'Always'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge size="sm" variant="light" color={state.color} tt="none">
                        {state.label}
                      </Badge>
                    </Group>
                    {state.why && (
                      <Text size="xs" c="dimmed">
                        {state.why}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

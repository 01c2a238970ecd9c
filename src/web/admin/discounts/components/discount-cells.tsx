import { Badge, Group, Text } from '@mantine/core';
import {
  DISCOUNT_ROLE_LABELS,
  type DiscountRole,
  type DiscountRuleReply,
  RULE_TYPE_LABELS,
  type RuleType,
} from '../../../../contracts/discounts';
import type { DateFormat } from '../../../../domain/dates/date-format';
import { displayDate, money } from '../../../lib/format';

const TYPE_COLORS: Record<RuleType, string> = {
  global: 'blue',
  role_based: 'violet',
  category: 'teal',
  product: 'cyan',
  giveaway: 'pink',
};

export function RuleTypeBadge({ type }: { type: RuleType }) {
  return (
    <Badge
      color={TYPE_COLORS[type]}
      variant="light"
      tt="none"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {RULE_TYPE_LABELS[type]}
    </Badge>
  );
}

/** "12 %" for percent rules, "$5.00" off for fixed ones. */
export function ruleValueText(
  rule: Pick<DiscountRuleReply, 'discount_type' | 'discount_value'>,
  symbol: string,
) {
  return rule.discount_type === 'percent'
    ? `${Number(rule.discount_value.toFixed(2))} %`
    : `${money(rule.discount_value, symbol)}`;
}

/** spec 2 §6: an empty list means All Roles. */
export function RolesCell({ roles }: { roles: readonly string[] }) {
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        All Roles
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant="outline" size="sm" tt="none" style={{ minWidth: 'max-content' }}>
          {DISCOUNT_ROLE_LABELS[role as DiscountRole] ?? role}
        </Badge>
      ))}
    </Group>
  );
}

/** The rule's dates in the shop's display format. */
export function datesText(
  rule: Pick<DiscountRuleReply, 'start_date' | 'end_date'>,
  format: DateFormat,
): string {
  const start = displayDate(rule.start_date, format);
  const end = displayDate(rule.end_date, format);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'Always';
}

/** "count / limit", "count / ∞" without a limit. */
export function usageText(rule: Pick<DiscountRuleReply, 'usage_count' | 'total_usage_limit'>): string {
  return `${rule.usage_count} / ${rule.total_usage_limit ?? '∞'}`;
}

/** "Used 3 of 50 times", "Used once, no limit". */
export function usageSentence(rule: Pick<DiscountRuleReply, 'usage_count' | 'total_usage_limit'>): string {
  const times = rule.usage_count === 1 ? 'once' : `${rule.usage_count} times`;
  return rule.total_usage_limit === null
    ? `Used ${times}; no total limit.`
    : `Used ${times} of ${rule.total_usage_limit} allowed.`;
}

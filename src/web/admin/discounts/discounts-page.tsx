import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DISCOUNT_MESSAGES,
  type DiscountRuleReply,
  RULE_TYPE_LABELS,
  RULE_TYPES,
} from '../../../contracts/discounts';
import { HttpError } from '../../lib/http';
import { useUiSettings } from '../../lib/ui-settings';
import { confirmAction } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { datesText, RolesCell, RuleTypeBadge, ruleValueText, usageText } from './components/discount-cells';
import { toggledBody } from './discount-form-values';
import { useDeleteDiscount, useDiscounts, useSaveDiscount } from './discounts.api';

/** spec 2 §9: discounts 10 per page; newest first. */
const LIST_DEFAULTS: ListDefaults = {
  // spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (10 at first).
  perPage: 'setting',
  sort: 'created_at',
  direction: 'desc',
  filters: ['type', 'is_active'],
};

/**
 * spec 2 §8: a refusal the server explains ("Error deleting discount rule: …"), or a failure to
 * reach it ("An error occurred while deleting the discount rule.").
 */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof HttpError && error.status < 500) return DISCOUNT_MESSAGES.deleteRefused(error.message);
  return DISCOUNT_MESSAGES.deleteFailed;
}

/** The discount rules (spec 2 §2, §4, §7): search, filters, switch, edit, delete; state in the address bar. */
export function DiscountsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const rules = useDiscounts(list.query);
  const save = useSaveDiscount();
  const remove = useDeleteDiscount();
  const settings = useUiSettings();
  const [switching, setSwitching] = useState<number | null>(null);

  // spec 2 §4: switching a rule on or off saves it again with is_active inverted.
  const toggle = async (rule: DiscountRuleReply) => {
    setSwitching(rule.id);
    try {
      const reply = await save.mutateAsync({ id: rule.id, body: toggledBody(rule) });
      notifySuccess(`${reply.data.name} is now ${reply.data.is_active ? 'active' : 'inactive'}.`);
    } catch {
      notifyError(DISCOUNT_MESSAGES.status);
    } finally {
      setSwitching(null);
    }
  };

  const deleteRule = async (rule: DiscountRuleReply) => {
    const confirmed = await confirmAction({
      title: `Delete ${rule.name}?`,
      message: `The discount rule ${rule.name} will be deleted and stop applying at once. This action cannot be undone.`,
      confirmLabel: 'Delete rule',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(rule.id)).message);
    } catch (error) {
      notifyError(deleteFailureMessage(error));
    }
  };

  const columns: Column<DiscountRuleReply>[] = [
    {
      key: 'name',
      title: 'Name',
      sort: 'name',
      render: (rule) => (
        <Stack gap={0} miw={180}>
          <Text size="sm" fw={600}>
            {rule.name}
          </Text>
          {rule.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {rule.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'type', title: 'Type', sort: 'type', render: (rule) => <RuleTypeBadge type={rule.type} /> },
    {
      key: 'value',
      title: 'Value',
      align: 'right',
      render: (rule) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {ruleValueText(rule, settings.currency.symbol)}
        </Text>
      ),
    },
    { key: 'roles', title: 'Roles', render: (rule) => <RolesCell roles={rule.applicable_roles} /> },
    {
      key: 'dates',
      title: 'Dates',
      sort: 'start_date',
      render: (rule) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {datesText(rule, settings.date_format)}
        </Text>
      ),
    },
    { key: 'priority', title: 'Priority', sort: 'priority', align: 'right', render: (rule) => rule.priority },
    {
      key: 'usage',
      title: 'Usage',
      align: 'right',
      render: (rule) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {usageText(rule)}
        </Text>
      ),
    },
    {
      key: 'active',
      title: 'Active',
      render: (rule) => (
        <Switch
          checked={rule.is_active}
          disabled={switching === rule.id}
          onChange={() => toggle(rule)}
          aria-label={`Active: ${rule.name}`}
        />
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 110,
      render: (rule) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            component={Link}
            to={`/admin/discounts/${rule.id}/edit`}
            aria-label={`Edit ${rule.name}`}
          >
            Edit
          </Button>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${rule.name}`}
              onClick={() => deleteRule(rule)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(state.search || state.filters.type || state.filters.is_active);

  return (
    <>
      <PageHeader
        title="Discount rules"
        description="One rule prices an item: the applicable rule with the highest priority, in place of the product's own discount."
        actions={
          <Button component={Link} to="/admin/discounts/create" leftSection={<IconPlus size={16} />}>
            New discount rule
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Name or description"
          label="Search discount rules"
          w={300}
        />
        <Select
          aria-label="Filter by type"
          placeholder="All types"
          data={RULE_TYPES.map((type) => ({ value: type, label: RULE_TYPE_LABELS[type] }))}
          value={state.filters.type ?? null}
          onChange={(value) => list.setFilter('type', value)}
          clearable
          w={170}
        />
        <Select
          aria-label="Filter by status"
          placeholder="Active and inactive"
          data={[
            { value: '1', label: 'Active' },
            { value: '0', label: 'Inactive' },
          ]}
          value={state.filters.is_active ?? null}
          onChange={(value) => list.setFilter('is_active', value)}
          clearable
          w={190}
        />
      </Group>
      <DataTable
        label="Discount rules"
        columns={columns}
        query={rules}
        state={state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(rule) => rule.id}
        empty={{
          title: filtered ? 'No discount rules match' : 'No discount rules yet',
          description: filtered
            ? 'Try another search or clear the filters.'
            : 'Create a rule to take a percentage off for everyone, some roles, categories or products.',
          action: filtered ? undefined : (
            <Button component={Link} to="/admin/discounts/create" variant="light">
              New discount rule
            </Button>
          ),
        }}
      />
    </>
  );
}

export default DiscountsPage;

import { Alert, Anchor, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { DISCOUNT_MESSAGES, type DiscountRuleSavedReply } from '../../../contracts/discounts';
import { useUiSettings } from '../../lib/ui-settings';
import { LoadFailed } from '../../ui/load-failed';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { usageSentence } from './components/discount-cells';
import { DiscountForm } from './components/discount-form';
import { EMPTY_DISCOUNT, valuesOf } from './discount-form-values';
import { useDiscount, useSaveDiscount } from './discounts.api';

function BackLink() {
  return (
    <Anchor component={Link} to="/admin/discounts" size="sm">
      ← Back to discount rules
    </Anchor>
  );
}

/** spec 2 §2: after a save the list is shown again, with a toast. */
function useAfterSave() {
  const navigate = useNavigate();
  return (reply: DiscountRuleSavedReply) => {
    notifySuccess(reply.message);
    navigate('/admin/discounts');
  };
}

function CreateDiscount() {
  const save = useSaveDiscount();
  const afterSave = useAfterSave();
  const { date_format } = useUiSettings();
  return (
    <>
      <PageHeader
        title="New discount rule"
        description="A discount for everyone, some roles, some categories or products, or a giveaway."
        actions={<BackLink />}
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <DiscountForm
            // A fresh form once the shop's date format is known.
            key={date_format}
            mode="create"
            initialValues={EMPTY_DISCOUNT}
            onSubmit={(body) => save.mutateAsync({ id: null, body })}
            onSaved={afterSave}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}

function EditDiscount({ id }: { id: number }) {
  const rule = useDiscount(id);
  const save = useSaveDiscount();
  const afterSave = useAfterSave();
  const { date_format } = useUiSettings();

  if (rule.isLoading) {
    return (
      <Stack role="status" aria-label="Loading discount rule" aria-busy>
        <Skeleton height={36} width={260} />
        <Skeleton height={180} />
        <Skeleton height={160} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (rule.isError || !rule.data) {
    return (
      <>
        <PageHeader title="Edit discount rule" actions={<BackLink />} />
        <LoadFailed title={DISCOUNT_MESSAGES.load} onRetry={() => rule.refetch()} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`Edit ${rule.data.name}`}
        description={usageSentence(rule.data)}
        actions={<BackLink />}
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <DiscountForm
            // A fresh form for each loaded version of the rule and for the shop's date format.
            key={`${rule.data.id}-${rule.data.updated_at}-${date_format}`}
            mode="edit"
            initialValues={valuesOf(rule.data, date_format)}
            onSubmit={(body) => save.mutateAsync({ id, body })}
            onSaved={afterSave}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** /admin/discounts/create and /admin/discounts/{id}/edit (spec 2 §2). */
export function DiscountFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateDiscount />;
  const ruleId = Number(id);
  if (!Number.isInteger(ruleId) || ruleId <= 0) {
    return (
      <Alert color="red" role="alert" title={DISCOUNT_MESSAGES.load}>
        <Group>
          <Text size="sm">This address names no discount rule.</Text>
          <BackLink />
        </Group>
      </Alert>
    );
  }
  return <EditDiscount id={ruleId} />;
}

export default DiscountFormPage;

import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingWarehouse, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/form-errors';
import { NotUsedYet } from '../../ui/not-used-yet';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard';
import { can, useViewer } from '../session';
import { SettingsSection } from '../settings/components/settings-section';
import { StoreLocationsModal } from './components/store-locations-modal';
import { type StockSettingsValues, useSaveStockSettings, useStockSettings } from './stock.api';
import { STOCK_UI_MESSAGES } from './stock-messages';
import { DEDUCTION_TIMING_OPTIONS, OUT_OF_STOCK_OPTIONS } from './stock-settings-options';

/**
 * Stock settings (spec 2 §2, §3 Stock settings, §4, §7): the seven settings, saved together by
 * those who may change shop settings (settings.manage) and shown read-only to the others; the
 * store locations in their modal.
 */
export function StockSettingsPage() {
  const settings = useStockSettings();
  const viewer = useViewer();
  const canEdit = can(viewer.data, 'settings.manage');
  const [locationsOpen, setLocationsOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="Stock settings"
        description="Whether the shop keeps stock, when orders take it, and what customers see."
        actions={
          <Button
            variant="default"
            leftSection={<IconBuildingWarehouse size={16} />}
            onClick={() => setLocationsOpen(true)}
          >
            Store locations
          </Button>
        }
      />
      {settings.isError ? (
        <Alert color="red" variant="light" role="alert" title={STOCK_UI_MESSAGES.settingsFailed} />
      ) : settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} canEdit={canEdit} />
      ) : (
        <Stack maw={720}>
          <Skeleton height={150} radius="md" />
          <Skeleton height={190} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      )}
      <StoreLocationsModal opened={locationsOpen} onClose={() => setLocationsOpen(false)} />
    </>
  );
}

function SettingsForm({ initial, canEdit }: { initial: StockSettingsValues; canEdit: boolean }) {
  const save = useSaveStockSettings();
  const form = useForm<StockSettingsValues>({ initialValues: initial });
  const readOnly = !canEdit;
  // spec 2 §8: the words of the system settings' guard, for the same situation.
  useUnsavedChangesGuard(form.isDirty(), 'You have unsaved changes. Are you sure you want to leave?');
  const toggle = (key: keyof StockSettingsValues) => ({
    ...form.getInputProps(key, { type: 'checkbox' }),
    disabled: readOnly,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync(values);
      notifySuccess(reply.message ?? 'Stock settings saved successfully');
      form.resetDirty(reply.data);
    } catch (error) {
      notifyError(errorMessage(error, STOCK_UI_MESSAGES.settingsSaveFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Stock settings">
      <Stack maw={720} gap="md">
        {readOnly && (
          <Alert color="gray" variant="light" icon={<IconLock />} title="Read only">
            Changing stock settings needs the permission to manage shop settings (settings.manage). You can
            still manage the store locations.
          </Alert>
        )}
        <SettingsSection
          title="Stock management"
          description="With stock management off, the stock sheet and stock updates are closed and orders take no stock."
        >
          <Stack gap="md">
            <Switch
              label="Stock management enabled"
              description="Keep stock per product and variant, and per store location."
              {...toggle('stock_management_enabled')}
            />
            <Select
              label="Deduct stock"
              description="When an order takes its items out of stock."
              data={DEDUCTION_TIMING_OPTIONS}
              allowDeselect={false}
              disabled={readOnly}
              maw={360}
              {...form.getInputProps('stock_deduction_timing')}
            />
          </Stack>
        </SettingsSection>
        <SettingsSection
          title="In the shop"
          description="What customers see of the stock."
          badge={<NotUsedYet by="the storefront's product pages" />}
        >
          <Stack gap="md">
            <Switch
              label="Show stock quantities"
              description="Show how many units are left on product pages."
              {...toggle('show_stock_quantities')}
            />
            <Switch
              label="Show low-stock warning"
              description="Say when only a few units are left (at or below the product's threshold)."
              {...toggle('show_low_stock_warning')}
            />
            <Select
              label="Out-of-stock products"
              description="What the shop does with a product that has none left."
              data={OUT_OF_STOCK_OPTIONS}
              allowDeselect={false}
              disabled={readOnly}
              maw={360}
              {...form.getInputProps('out_of_stock_behavior')}
            />
          </Stack>
        </SettingsSection>
        <SettingsSection
          title="Stock e-mails"
          description="Sent to the admin e-mail of the e-mail settings, or to every admin when none is set."
        >
          <Stack gap="md">
            <Switch
              label="Low stock e-mails"
              description="When a sale or count takes an item to or below its low-stock threshold."
              {...toggle('low_stock_email_notifications')}
            />
            <Switch
              label="Out of stock e-mails"
              description="When a sale or count takes an item to 0."
              {...toggle('out_of_stock_notifications')}
            />
          </Stack>
        </SettingsSection>
        {canEdit && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {form.isDirty() ? 'You have unsaved changes.' : 'All changes saved.'}
            </Text>
            <Group gap="sm">
              <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                Discard changes
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                Save settings
              </Button>
            </Group>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          The stock itself is kept on the{' '}
          <Anchor component={Link} to="/admin/stock-sheet" size="sm" underline="always">
            stock sheet
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}

export default StockSettingsPage;

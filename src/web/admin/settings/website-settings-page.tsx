import {
  Alert,
  Button,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import {
  WEBSITE_SETTINGS_MESSAGES as M,
  WEBSITE_SETTING_FIELDS,
  type WebsiteSettings,
} from '../../../contracts/website-settings';
import { zodValidate } from '../../lib/zod-form';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { SettingsActions } from './components/settings-actions';
import { SettingsSection } from './components/settings-section';
import { useSaveWebsiteSettings, useWebsiteSettings } from './settings.api';
import { changedValues, settingsSubmit, startFormFrom } from './settings-form-values';

/** The browser checks with the server's own rules and messages (contracts/website-settings.ts). */
const validate = zodValidate(z.object(WEBSITE_SETTING_FIELDS));

const FEATURE_SWITCHES: { key: keyof WebsiteSettings; label: string; description: string }[] = [
  { key: 'vendor_system_enabled', label: 'Vendor system', description: 'Let vendors sell in the shop.' },
  {
    key: 'classified_product_enabled',
    label: 'Classified products',
    description: 'Allow classified (advert) products.',
  },
  { key: 'wallet_enabled', label: 'Wallet', description: 'Customers keep a balance in a wallet.' },
  { key: 'coupon_enabled', label: 'Coupons', description: 'Customers can enter coupon codes.' },
  { key: 'conversation_enabled', label: 'Conversations', description: 'Customers can message the shop.' },
  {
    key: 'product_manage_by_admin',
    label: 'Products managed by admin',
    description: 'Only the back office creates and edits products.',
  },
  {
    key: 'product_approve_by_admin',
    label: 'Products need admin approval',
    description: 'Products created by others wait for approval.',
  },
];

const POLICY_LINKS: { key: keyof WebsiteSettings; label: string }[] = [
  { key: 'privacy_policy_url', label: 'Privacy policy URL' },
  { key: 'terms_conditions_url', label: 'Terms and conditions URL' },
  { key: 'return_policy_url', label: 'Return policy URL' },
  { key: 'partner_terms_conditions_url', label: 'Partner terms and conditions URL' },
];

const SOCIAL_LINKS: { key: keyof WebsiteSettings; label: string }[] = [
  { key: 'facebook_url', label: 'Facebook URL' },
  { key: 'instagram_url', label: 'Instagram URL' },
  { key: 'twitter_url', label: 'X (Twitter) URL' },
  { key: 'linkedin_url', label: 'LinkedIn URL' },
  { key: 'youtube_url', label: 'YouTube URL' },
];

const URL_PLACEHOLDER = 'https://';

function WebsiteSettingsForm({ saved }: { saved: WebsiteSettings }) {
  const save = useSaveWebsiteSettings();
  const form = useForm<WebsiteSettings>({ initialValues: saved, validate });

  const submit = settingsSubmit(form, {
    changed: (values) => changedValues(saved, values),
    save: save.mutateAsync,
    // The stored values (trimmed by the server) become the form's new starting point.
    saved: (reply) => startFormFrom(form, reply.settings),
    failed: M.save,
  });

  const hasErrors = Object.keys(form.errors).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label="Website settings">
      <Stack gap="lg">
        {hasErrors && (
          <Alert color="red" role="alert">
            <Text size="sm">Please correct the errors below.</Text>
          </Alert>
        )}

        <SettingsSection title="General" description="How the shop names and describes itself.">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Site name" withAsterisk {...form.getInputProps('site_name')} />
              <TextInput label="Website title" withAsterisk {...form.getInputProps('website_title')} />
            </SimpleGrid>
            <Textarea
              label="Website description"
              autosize
              minRows={2}
              {...form.getInputProps('website_description')}
            />
          </Stack>
        </SettingsSection>

        <SettingsSection
          title="Features"
          description="Switch shop features and VAT on or off. Vendors, classified products, wallet, coupons and conversations are not built yet; their switches are kept for when they are."
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
              {FEATURE_SWITCHES.map((item) => (
                <Switch
                  key={item.key}
                  label={item.label}
                  description={item.description}
                  {...form.getInputProps(item.key, { type: 'checkbox' })}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Switch
                label="VAT system"
                description="Charge VAT on products that carry a VAT rate."
                {...form.getInputProps('vat_system_enabled', { type: 'checkbox' })}
              />
              <Select
                label="VAT calculation method"
                description="How a percentage VAT rate is applied to prices (spec default: exclusive)."
                data={[
                  { value: 'exclusive', label: 'Exclusive: VAT is added to the price' },
                  { value: 'inclusive', label: 'Inclusive: prices already include VAT' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('vat_calculation_method')}
              />
            </SimpleGrid>
          </Stack>
        </SettingsSection>

        <SettingsSection
          title="Policies"
          description="Links to the shop's policy pages; partner checkout shows the partner terms."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {POLICY_LINKS.map((item) => (
              <TextInput
                key={item.key}
                label={item.label}
                type="url"
                placeholder={URL_PLACEHOLDER}
                {...form.getInputProps(item.key)}
              />
            ))}
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection
          title="Social links"
          description="The shop's pages on social networks, for the storefront."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL_LINKS.map((item) => (
              <TextInput
                key={item.key}
                label={item.label}
                type="url"
                placeholder={URL_PLACEHOLDER}
                {...form.getInputProps(item.key)}
              />
            ))}
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection title="Company" description="Printed on invoices and other documents.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" {...form.getInputProps('company_name')} />
            <TextInput label="Company e-mail" type="email" {...form.getInputProps('company_email')} />
            <TextInput label="Company phone" type="tel" {...form.getInputProps('company_phone')} />
            <TextInput
              label="Company website"
              type="url"
              placeholder={URL_PLACEHOLDER}
              {...form.getInputProps('company_website')}
            />
            <TextInput label="VAT number" {...form.getInputProps('company_vat_number')} />
            <TextInput label="Registration number" {...form.getInputProps('company_registration_number')} />
          </SimpleGrid>
          <Textarea
            label="Company address"
            autosize
            minRows={2}
            mt="sm"
            {...form.getInputProps('company_address')}
          />
        </SettingsSection>

        <SettingsActions
          end={
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          }
        />
      </Stack>
    </form>
  );
}

/** Website settings (spec 2 §2, §3, §7; docs/decisions/0020): admin only (settings.manage). */
export function WebsiteSettingsPage() {
  const settings = useWebsiteSettings();
  return (
    <>
      <PageHeader
        title="Website settings"
        description="Site name, feature switches, VAT, policy and social links, company details."
      />
      {settings.isLoading ? (
        <Stack role="status" aria-label="Loading website settings" aria-busy>
          <Skeleton height={160} />
          <Skeleton height={220} />
          <Skeleton height={160} />
        </Stack>
      ) : settings.isError || !settings.data ? (
        <LoadFailed title={M.load} onRetry={() => settings.refetch()} />
      ) : (
        <WebsiteSettingsForm saved={settings.data} />
      )}
    </>
  );
}

export default WebsiteSettingsPage;

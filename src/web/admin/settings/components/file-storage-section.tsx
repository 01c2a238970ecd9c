import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { SystemSettingsView } from '../../../../contracts/system-settings';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { useTestFileStorage } from '../settings.api';
import {
  type SystemSettingsFormValues,
  s3SecretWillClear,
  storageTestBodyOf,
} from '../system-settings-form-values';
import { SecretField } from './secret-field';
import { SettingsSection } from './settings-section';

const TEST_FAILED = 'The connection test failed.';

/**
 * Where uploaded and generated files are kept (issue 18, docs/decisions/0072): the server's disk
 * or an S3-compatible bucket, with a test that writes, reads and deletes a small file.
 */
export function FileStorageSection({
  form,
  saved,
  settings,
}: {
  form: UseFormReturnType<SystemSettingsFormValues>;
  saved: SystemSettingsFormValues;
  settings: SystemSettingsView;
}) {
  const test = useTestFileStorage();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const values = form.values;

  const runTest = async () => {
    setResult(null);
    try {
      const reply = await test.mutateAsync(storageTestBodyOf(values));
      setResult({ ok: true, message: reply.message });
    } catch (error) {
      const { connection, ...fields } = fieldErrorsOf(error) ?? {};
      if (Object.keys(fields).length > 0) form.setErrors({ ...form.errors, ...fields });
      setResult({ ok: false, message: connection ?? errorMessage(error, TEST_FAILED) });
    }
  };

  return (
    <SettingsSection
      title="File storage"
      description="Where uploaded files and documents are kept. A change applies to new files; files stored before stay readable from where they are."
    >
      <Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="file-storage-driver">
            Store new files in
          </Text>
          <SegmentedControl
            aria-labelledby="file-storage-driver"
            data={[
              { value: 'local', label: "This server's disk" },
              { value: 's3', label: 'S3-compatible bucket' },
            ]}
            {...form.getInputProps('file_storage_driver')}
          />
          {form.errors.file_storage_driver && (
            <Text size="xs" c="red">
              {form.errors.file_storage_driver}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Endpoint"
            description="The S3 server's address, for example https://s3.eu-west-1.amazonaws.com."
            type="url"
            placeholder="https://"
            {...form.getInputProps('s3_endpoint')}
          />
          <TextInput label="Bucket" {...form.getInputProps('s3_bucket')} />
          <TextInput label="Region" placeholder="us-east-1" {...form.getInputProps('s3_region')} />
          <TextInput label="Access key" autoComplete="off" {...form.getInputProps('s3_access_key_id')} />
          <SecretField
            form={form}
            name="s3_secret_access_key"
            label="Secret key"
            isStored={settings.has_s3_secret_access_key}
            description={
              settings.has_s3_secret_access_key && s3SecretWillClear(saved, values)
                ? 'The endpoint or access key changed: the stored secret key will be cleared. Enter it again.'
                : undefined
            }
          />
          <Switch
            mt={{ sm: 'xl' }}
            label="Path-style addresses"
            description="Bucket in the path (server/bucket/key), as MinIO and most self-hosted servers need."
            {...form.getInputProps('s3_force_path_style', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <Group>
          <Button variant="light" onClick={runTest} loading={test.isPending}>
            Test connection
          </Button>
          <Text size="xs" c="dimmed">
            Uses the values above, saved or not.
          </Text>
        </Group>
        {result && (
          <Alert color={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'}>
            <Text size="sm">{result.message}</Text>
          </Alert>
        )}
      </Stack>
    </SettingsSection>
  );
}

import {
  Alert,
  Anchor,
  Avatar,
  Button,
  FileButton,
  Grid,
  Group,
  Paper,
  Progress,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ICON_MIME_TYPES,
  PAYMENT_METHOD_MESSAGES as M,
  PAYMENT_METHOD_STATUS_LABELS,
  PAYMENT_METHOD_STATUSES,
  type PaymentMethodReply,
} from '../../../contracts/shop-setup';
import { codeFromName } from '../../../domain/payments/configuration-secrets';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ConfigurationEditor } from './components/configuration-editor';
import {
  formDataOf,
  formValuesOf,
  iconProblem,
  type PaymentMethodFormValues,
  validateForm,
} from './payment-method-form-values';
import { usePaymentMethod, useSavePaymentMethod } from './shop-setup.api';

/** /admin/payment-methods/create and /admin/payment-methods/{id} (spec 2 §2): cancel returns to the list. */
export function PaymentMethodFormPage() {
  const { id } = useParams();
  const methodId = id && id !== 'create' ? Number(id) : null;
  const method = usePaymentMethod(methodId);
  const title = methodId === null ? 'New payment method' : 'Edit payment method';

  if (methodId !== null && method.isError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert color="red" role="alert" title={M.loadOneFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(method.error, 'Please try again.')}</Text>
            <Anchor component={Link} to="/admin/payment-methods" size="sm">
              Back to payment methods
            </Anchor>
          </Stack>
        </Alert>
      </>
    );
  }
  if (methodId !== null && !method.data) {
    return (
      <>
        <PageHeader title={title} />
        <Stack>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={120} />
        </Stack>
      </>
    );
  }
  return <PaymentMethodForm key={methodId ?? 'new'} method={method.data ?? null} title={title} />;
}

function PaymentMethodForm({ method, title }: { method: PaymentMethodReply | null; title: string }) {
  const navigate = useNavigate();
  const save = useSavePaymentMethod();
  const [icon, setIcon] = useState<File | null>(null);
  const [iconPreview, setIconPreview] = useState<string | null>(method?.icon ?? null);
  const [removeIcon, setRemoveIcon] = useState(false);
  const [iconError, setIconError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PaymentMethodFormValues>({
    initialValues: formValuesOf(method),
    validate: validateForm,
  });

  useEffect(() => {
    if (!icon) return;
    const url = URL.createObjectURL(icon);
    setIconPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [icon]);

  const chooseIcon = (file: File | null) => {
    if (!file) return;
    const refused = iconProblem(file);
    setIconError(refused);
    if (refused) return;
    setIcon(file);
    setRemoveIcon(false);
  };

  const clearIcon = () => {
    setIcon(null);
    setIconPreview(null);
    setRemoveIcon(true);
    setIconError(null);
  };

  const submit = form.onSubmit(
    async (values) => {
      setProblem(null);
      setProgress(icon ? 0 : null);
      try {
        const reply = await save.mutateAsync({
          id: method?.id ?? null,
          form: formDataOf(values, icon, removeIcon),
          onProgress: (percent) => (icon ? setProgress(percent) : undefined),
        });
        notifySuccess(reply.message);
        navigate('/admin/payment-methods');
      } catch (error) {
        setProgress(null);
        const fields = fieldErrorsOf(error);
        if (fields) {
          const { icon: iconField, ...rest } = fields;
          form.setErrors(rest);
          if (iconField) setIconError(iconField);
          setProblem(M.correctErrors);
        } else setProblem(errorMessage(error, M.saveFailed));
      }
    },
    () => setProblem(M.correctErrors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={title}
        description={method ? `${method.name} · ${PAYMENT_METHOD_STATUS_LABELS[method.status]}` : undefined}
      />
      {problem && <Alert color="red" role="alert" mb="md" title={problem} />}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg">
            <Stack>
              <TextInput
                label="Name"
                required
                placeholder="e.g. Bank transfer"
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Code"
                description="Used by orders and checkout; lower-case letters, digits and underscores."
                placeholder={codeFromName(form.values.name) || 'Made from the name when empty'}
                ff="monospace"
                {...form.getInputProps('code')}
              />
              <Select
                label="Status"
                data={PAYMENT_METHOD_STATUSES.map((s) => ({
                  value: s,
                  label: PAYMENT_METHOD_STATUS_LABELS[s],
                }))}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
              <Textarea
                label="Instructions"
                description="Shown to the customer after choosing this method."
                autosize
                minRows={3}
                {...form.getInputProps('instructions')}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Text size="sm" fw={500}>
                  Icon
                </Text>
                <Group>
                  <Avatar src={iconPreview} size={64} radius="md" alt="Icon preview">
                    <IconCreditCard size={30} />
                  </Avatar>
                  <Stack gap={6}>
                    <FileButton onChange={chooseIcon} accept={ICON_MIME_TYPES.join(',')}>
                      {(props) => (
                        <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />}>
                          {iconPreview ? 'Replace icon' : 'Upload icon'}
                        </Button>
                      )}
                    </FileButton>
                    {iconPreview && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconX size={14} />}
                        onClick={clearIcon}
                      >
                        Remove icon
                      </Button>
                    )}
                  </Stack>
                </Group>
                <Text size="xs" c="dimmed">
                  JPEG, PNG, GIF or WebP, under 2 MB.{icon ? ` Chosen: ${icon.name}` : ''}
                </Text>
                {iconError && (
                  <Text size="xs" c="red" role="alert">
                    {iconError}
                  </Text>
                )}
                {progress !== null && (
                  <Progress value={progress} size="sm" animated aria-label="Upload progress" />
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="lg">
              <ConfigurationEditor
                rows={form.values.configuration}
                onChange={(rows) => form.setFieldValue('configuration', rows)}
                error={form.errors.configuration as string | undefined}
              />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" component={Link} to="/admin/payment-methods">
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {method ? 'Save payment method' : 'Create payment method'}
        </Button>
      </Group>
    </form>
  );
}

export default PaymentMethodFormPage;

import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import {
  type AreaAddress,
  type AreaAddressesProps,
  areaAddressBody,
  AREA_MESSAGES as M,
} from '../../../contracts/customer-areas';
import {
  type AddressFields,
  addressTypeLabel,
  type COPIED_FIELDS,
  sameAsSource,
  withSameAs,
} from '../../../domain/customer-areas/party-addresses';
import { errorMessage } from '../../lib/form-errors';
import { http } from '../../lib/http';
import { useFormSubmit } from '../../lib/use-form-submit';
import { zodValidate } from '../../lib/zod-form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { AreaShell } from './area-shell';
import { ProblemAlert } from './problem-alert';

type FormValues = AddressFields & { type: string; is_default: boolean };

function fieldsOf(a: AreaAddress): AddressFields {
  return {
    address: a.address,
    city: a.city?.name ?? '',
    state: a.state?.name ?? '',
    postal_code: a.postal_code ?? '',
    country: a.country?.name ?? '',
    phone: a.phone ?? '',
  };
}

const EMPTY: AddressFields = { address: '', city: '', state: '', postal_code: '', country: '', phone: '' };

/**
 * The address form (spec 3 §4 "Address form", §6): the role's types only; when the type copies
 * another ("same as", e.g. delivery as billing) and the user has one, a switch copies it and
 * disables the copied fields.
 */
function AddressForm({
  role,
  types,
  addresses,
  editing,
  onSaved,
  onCancel,
}: {
  role: string;
  types: string[];
  addresses: AreaAddress[];
  editing: AreaAddress | null;
  onSaved: (address: AreaAddress, message: string) => void;
  onCancel: () => void;
}) {
  const schema = useMemo(() => areaAddressBody(role), [role]);
  const [sameAs, setSameAs] = useState(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: editing
      ? { ...fieldsOf(editing), type: editing.type, is_default: editing.is_default }
      : { ...EMPTY, type: types[0] ?? '', is_default: addresses.length === 0 },
    validate: zodValidate(schema),
  });
  const sourceType = sameAsSource(role, form.values.type);
  const source = sourceType
    ? (addresses.find((a) => a.type === sourceType && a.id !== editing?.id) ?? null)
    : null;
  const copying = sameAs && source !== null;

  // "Same as" copies the source's fields into the form; they stay disabled while it is on.
  function toggleSameAs(on: boolean) {
    setSameAs(on);
    if (on && source) form.setValues(withSameAs(form.values, fieldsOf(source), true));
  }

  const { submit, busy, problem } = useFormSubmit(
    form,
    (values) => {
      const body = withSameAs(values, source ? fieldsOf(source) : null, copying);
      return editing
        ? http.put<{ message: string; data: AreaAddress }>(`/api/${role}/addresses/${editing.id}`, body)
        : http.post<{ message: string; data: AreaAddress }>(`/api/${role}/addresses`, body);
    },
    (reply) => onSaved(reply.data, reply.message),
  );

  const input = (field: (typeof COPIED_FIELDS)[number]) => ({
    ...form.getInputProps(field),
    disabled: copying,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ProblemAlert problem={problem ? `${M.savingError}: ${problem}` : null} />
        <Select
          label="Address type"
          required
          allowDeselect={false}
          data={types.map((t) => ({ value: t, label: addressTypeLabel(t) }))}
          {...form.getInputProps('type')}
        />
        {sourceType && (
          <Switch
            label={`Same as ${sourceType} address`}
            description={source ? undefined : `Add a ${sourceType} address first to copy it.`}
            disabled={!source}
            checked={copying}
            onChange={(e) => toggleSameAs(e.currentTarget.checked)}
          />
        )}
        <TextInput label="Address" required autoComplete="street-address" {...input('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" required autoComplete="address-level2" {...input('city')} />
          <TextInput label="State / Province" required autoComplete="address-level1" {...input('state')} />
          <TextInput label="Postal code" autoComplete="postal-code" {...input('postal_code')} />
          <TextInput label="Country" required autoComplete="country-name" {...input('country')} />
        </SimpleGrid>
        <TextInput label="Phone" autoComplete="tel" {...input('phone')} />
        <Checkbox
          label="Use as my default address"
          disabled={editing?.is_default === true}
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /{role}/addresses: the user's addresses; add, edit, delete after confirming, set the default. */
export function AreaAddressesPage({ role, addresses: initial, types }: AreaAddressesProps) {
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<AreaAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AreaAddress | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function reload() {
    try {
      setAddresses((await http.get<{ data: AreaAddress[] }>(`/api/${role}/addresses`)).data);
    } catch (error) {
      notifyError(errorMessage(error, M.loadingError));
    }
  }

  async function makeDefault(address: AreaAddress) {
    setBusy(address.id);
    try {
      notifySuccess(
        (await http.post<{ message: string }>(`/api/${role}/addresses/${address.id}/default`)).message,
      );
      await reload();
    } catch (error) {
      notifyError(errorMessage(error, M.defaultError));
    }
    setBusy(null);
  }

  async function remove(address: AreaAddress) {
    setDeleting(null);
    setBusy(address.id);
    try {
      notifySuccess((await http.delete<{ message: string }>(`/api/${role}/addresses/${address.id}`)).message);
      await reload();
    } catch (error) {
      notifyError(errorMessage(error, M.deletingError));
    }
    setBusy(null);
  }

  return (
    <AreaShell role={role} section="addresses" title="Your addresses">
      <Group>
        <Button onClick={() => setEditing('new')}>Add address</Button>
      </Group>
      {addresses.length === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed">You have no saved addresses yet.</Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {addresses.map((a) => (
            <Card
              key={a.id}
              withBorder
              padding="lg"
              component="section"
              aria-label={`${addressTypeLabel(a.type)} address`}
            >
              <Group justify="space-between" mb="xs">
                <Text fw={700}>{addressTypeLabel(a.type)}</Text>
                {a.is_default && <Badge variant="light">Default</Badge>}
              </Group>
              <Text size="sm">{a.address}</Text>
              <Text size="sm">{[a.postal_code, a.city?.name].filter(Boolean).join(' ')}</Text>
              <Text size="sm">{[a.state?.name, a.country?.name].filter(Boolean).join(', ')}</Text>
              {a.phone && <Text size="sm">{a.phone}</Text>}
              <Group gap="xs" mt="md">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setEditing(a)}
                  aria-label={`Edit ${a.type} address ${a.address}`}
                >
                  Edit
                </Button>
                {!a.is_default && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={busy === a.id}
                    onClick={() => makeDefault(a)}
                    aria-label={`Make ${a.address} the default address`}
                  >
                    Set as default
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setDeleting(a)}
                  aria-label={`Delete ${a.type} address ${a.address}`}
                >
                  Delete
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add address' : 'Edit address'}
        size="lg"
        centered
      >
        {editing !== null && (
          <AddressForm
            role={role}
            types={types}
            addresses={addresses}
            editing={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={async (_address, message) => {
              setEditing(null);
              notifySuccess(message);
              await reload();
            }}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this address?"
        centered
      >
        <Text size="sm">This will permanently delete {deleting?.address}. This action cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => deleting && remove(deleting)}>
            Delete
          </Button>
        </Group>
      </Modal>
    </AreaShell>
  );
}

export default AreaAddressesPage;

import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { type CartReply, type CartTotalsReply, CART_MESSAGES as M } from '../../../contracts/cart';
import { MAX_LINE_QUANTITY, shortageNote } from '../../../domain/cart/cart-rules';
import { money as formatMoney } from '../../lib/format';
import { HttpError, http } from '../../lib/http';
import { QuantityInput } from '../../ui/quantity-input';
import { announceCartCount } from '../cart-events';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** A refused change in the spec's words: the server's stock message with the shop's note (spec 3 §8). */
function problemText(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  const body = (error.body ?? {}) as {
    stock_error?: boolean;
    available_quantity?: number;
    current_cart_quantity?: number;
  };
  if (body.stock_error)
    return `${error.message} ${shortageNote({ available: body.available_quantity ?? 0, inCart: body.current_cart_quantity ?? 0 })}`;
  return error.firstError() ?? error.message ?? fallback;
}

/**
 * The cart page (spec 3 §2 /cart, §7 Cart): the lines priced by the server for the visitor, each
 * quantity changed in place or removed, the whole cart cleared after a confirmation.
 */
export function CartPage({ cart: initial, currency_symbol }: { cart: CartReply; currency_symbol: string }) {
  const [cart, setCart] = useState(initial);
  const [quantities, setQuantities] = useState<Record<number, number | string>>(
    Object.fromEntries(initial.items.map((i) => [i.id, i.quantity])),
  );
  const [busy, setBusy] = useState<number | 'clear' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const money = (value: number) => formatMoney(value, currency_symbol);

  async function reload(): Promise<void> {
    try {
      const fresh = await http.get<CartReply>('/api/cart');
      setCart(fresh);
      announceCartCount(fresh.count);
      setQuantities(Object.fromEntries(fresh.items.map((i) => [i.id, i.quantity])));
    } catch {
      setNotice({ tone: 'error', text: M.loadFailed });
    }
  }

  async function change(id: number | 'clear', action: () => Promise<{ message: string }>, fallback: string) {
    setBusy(id);
    setNotice(null);
    try {
      const reply = await action();
      await reload();
      setNotice({ tone: 'success', text: reply.message });
    } catch (error) {
      setNotice({ tone: 'error', text: problemText(error, fallback) });
      await reload();
    } finally {
      setBusy(null);
    }
  }

  const update = (id: number) => {
    const quantity = Number(quantities[id]);
    if (!Number.isInteger(quantity) || quantity < 1) {
      setNotice({ tone: 'error', text: M.quantityAtLeastOne });
      return;
    }
    void change(id, () => http.post('/cart/update', { cart_id: id, quantity }), M.updateFailed);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Your cart
      </Title>
      {notice && (
        <Alert
          color={notice.tone === 'success' ? 'teal' : 'red'}
          role={notice.tone === 'success' ? 'status' : 'alert'}
        >
          {notice.text}
        </Alert>
      )}
      {cart.items.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>Your cart is empty</Text>
            <Anchor href="/products">Browse the products</Anchor>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" aria-label="Cart items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                    <Table.Th>Quantity</Table.Th>
                    <Table.Th ta="right">Subtotal</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cart.items.map((item) => {
                    const label = item.variant ? `${item.name} (${item.variant})` : item.name;
                    return (
                      <Table.Tr key={item.id} data-testid="cart-line">
                        <Table.Td>
                          <Anchor href={`/products/${item.slug}`}>{item.name}</Anchor>
                          {item.variant && (
                            <Text size="sm" c="dimmed">
                              {item.variant}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">
                          {money(item.price)}
                          {item.original_price > item.price && (
                            <Text size="xs" td="line-through" c="dimmed">
                              {money(item.original_price)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <QuantityInput
                              aria-label={`Quantity of ${label}`}
                              w={90}
                              min={1}
                              max={item.available_quantity ?? MAX_LINE_QUANTITY}
                              value={quantities[item.id] ?? item.quantity}
                              onChange={(value) => setQuantities((q) => ({ ...q, [item.id]: value }))}
                              onKeyDown={(event) => {
                                if (event.key === 'Enter') update(item.id);
                              }}
                            />
                            <Button
                              variant="default"
                              size="xs"
                              loading={busy === item.id}
                              disabled={Number(quantities[item.id]) === item.quantity}
                              onClick={() => update(item.id)}
                              aria-label={`Update quantity of ${label}`}
                            >
                              Update
                            </Button>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{money(item.subtotal)}</Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            loading={busy === item.id}
                            onClick={() =>
                              change(
                                item.id,
                                () => http.post('/cart/remove', { cart_id: item.id }),
                                M.removeFailed,
                              )
                            }
                            aria-label={`Remove ${label}`}
                          >
                            Remove
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Group justify="space-between" align="flex-start">
            <Button
              variant="default"
              color="red"
              onClick={() => setConfirmClear(true)}
              loading={busy === 'clear'}
            >
              Clear cart
            </Button>
            <CartTotals totals={cart} count={cart.count} money={money} />
          </Group>
        </>
      )}
      <Modal opened={confirmClear} onClose={() => setConfirmClear(false)} title="Clear your cart?" centered>
        <Stack>
          <Text>Every item is removed from your cart.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmClear(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              data-testid="confirm-clear"
              onClick={() => {
                setConfirmClear(false);
                void change('clear', () => http.post('/cart/clear'), M.clearFailed);
              }}
            >
              Clear cart
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CartTotals({
  totals,
  count,
  money,
}: {
  totals: CartTotalsReply;
  count: number;
  money: (value: number) => string;
}) {
  return (
    <Card withBorder miw={280} role="group" aria-label="Cart totals">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm">Items ({count})</Text>
          <Text size="sm" data-testid="cart-subtotal">
            {money(totals.subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Tax</Text>
          <Text size="sm">{money(totals.tax)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Shipping</Text>
          <Text size="sm">Calculated at checkout</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="cart-total">
            {money(totals.total)}
          </Text>
        </Group>
        <Button component="a" href="/checkout" mt="sm" fullWidth>
          Proceed to checkout
        </Button>
      </Stack>
    </Card>
  );
}

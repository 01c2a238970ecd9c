import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { MODIFY_ORDER_REDIRECT_MS } from '../../../domain/customer-areas/area-orders';
import { errorMessage } from '../../lib/form-errors';
import { http, navigation } from '../../lib/http';
import { notifyError, notifySuccess } from '../../ui/notify';

type ActionOrder = { id: number; order_code: string; can_pay: boolean; can_modify: boolean };

/**
 * "pay" (DECISIONS 20) and "modify order" (spec 3 §4) on one of the area's orders: pay goes to the
 * payment page the server names; modify asks first, then puts the items back in the cart, cancels
 * the order and goes to the cart after 1.5 s (spec 3 §9).
 */
export function AreaOrderActions({
  role,
  order,
  size = 'xs',
}: {
  role: string;
  order: ActionOrder;
  size?: 'xs' | 'sm';
}) {
  const [busy, setBusy] = useState<'pay' | 'modify' | null>(null);
  const [asking, setAsking] = useState(false);
  if (!order.can_pay && !order.can_modify) return null;

  async function pay() {
    setBusy('pay');
    try {
      const reply = await http.post<{ redirect_url: string }>(`/${role}/orders/${order.id}/pay`);
      navigation.assign(reply.redirect_url);
    } catch (error) {
      notifyError(errorMessage(error, M.payFailed));
      setBusy(null);
    }
  }

  async function modify() {
    setAsking(false);
    setBusy('modify');
    try {
      const reply = await http.post<{ message: string; redirect_url?: string }>(
        `/${role}/orders/${order.id}/convert-to-cart`,
      );
      notifySuccess(reply.message);
      window.setTimeout(() => navigation.assign(reply.redirect_url || '/cart'), MODIFY_ORDER_REDIRECT_MS);
    } catch (error) {
      notifyError(errorMessage(error, M.modifyFailed));
      setBusy(null);
    }
  }

  return (
    <Group gap="xs" wrap="nowrap">
      {order.can_pay && (
        <Button
          size={size}
          onClick={pay}
          loading={busy === 'pay'}
          disabled={busy !== null && busy !== 'pay'}
          aria-label={`Pay order ${order.order_code}`}
        >
          Pay
        </Button>
      )}
      {order.can_modify && (
        <Button
          size={size}
          variant="light"
          onClick={() => setAsking(true)}
          loading={busy === 'modify'}
          disabled={busy !== null && busy !== 'modify'}
          aria-label={`Modify order ${order.order_code}`}
        >
          Modify order
        </Button>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={`Modify order ${order.order_code}?`}
        centered
      >
        <Text size="sm">
          Its items go back into your cart, where you can change them and check out again. This order will be
          cancelled. This action cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button onClick={modify}>Move items to cart</Button>
        </Group>
      </Modal>
    </Group>
  );
}

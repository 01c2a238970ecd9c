import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositStateReply } from '../../../../contracts/rental-periods';
import { http } from '../../../lib/http';
import { useRefreshBooking } from '../rentals.api';

type Reply<T> = { success: boolean; message: string; data: T };

export const depositKeys = {
  booking: (bookingId: number) => ['rental-deposit', bookingId] as const,
};

/** GET /admin/api/rental-deposits/booking/{id}: deposit, has_deposit. */
export function useBookingDeposit(bookingId: number) {
  return useQuery({
    queryKey: depositKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      http.get<Reply<DepositStateReply>>(
        `/admin/api/rental-deposits/booking/${bookingId}`,
        undefined,
        signal,
      ),
  });
}

export type DepositAction =
  | { kind: 'set'; body: { amount: string; notes: string } }
  | { kind: 'collect'; depositId: number; body: { amount: string; admin_notes: string } }
  | { kind: 'refund'; depositId: number; body: { refund_amount: string; refund_reason: string } }
  | { kind: 'forfeit'; depositId: number; body: { forfeit_reason: string } };

/** The deposit's writes (spec 3 §7): set (POST), collect, refund and forfeit (PUT). */
export function useDepositAction(bookingId: number) {
  const client = useQueryClient();
  const refreshBooking = useRefreshBooking();
  return useMutation({
    mutationFn: (action: DepositAction): Promise<Reply<DepositStateReply>> =>
      action.kind === 'set'
        ? http.post(`/admin/api/rental-deposits/booking/${bookingId}`, action.body)
        : http.put(`/admin/api/rental-deposits/${action.depositId}/${action.kind}`, action.body),
    onSuccess: (reply) => client.setQueryData(depositKeys.booking(bookingId), reply),
    // The deposit shows in the financial summary as well.
    onSettled: () => refreshBooking(bookingId),
  });
}

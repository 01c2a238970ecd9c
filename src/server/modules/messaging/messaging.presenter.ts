import type { SmsLogReply } from '../../../contracts/messaging';
import type { SmsMessageType, SmsStatus } from '../../../domain/messaging/sms';
import type { SmsLogRow } from './messaging.queries';

export function presentSmsLog(row: SmsLogRow): SmsLogReply {
  return {
    id: row.id,
    phone: row.phone,
    message: row.message,
    message_type: row.messageType as SmsMessageType,
    status: row.status as SmsStatus,
    provider_message_id: row.providerMessageId,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

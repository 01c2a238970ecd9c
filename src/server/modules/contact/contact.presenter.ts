import type { ContactMessageReply } from '../../../contracts/contact';
import type { ContactMessageRow } from './contact.queries';

export function presentContactMessage(row: ContactMessageRow): ContactMessageReply {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    is_read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

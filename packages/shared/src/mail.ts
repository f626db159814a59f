/** A mail of the store's outbox (GET /api/v1/admin/mail-outbox). */
export interface OutboxMailDto {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: 'STORED' | 'SENT' | 'FAILED';
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

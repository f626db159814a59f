/** A mail of the store's outbox (GET /api/v1/admin/mail-outbox). */
export interface OutboxMailDto {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** PENDING/SENDING: waiting for (or in) delivery; STORED: kept here without SMTP; SENT; FAILED: given up. */
  status: 'PENDING' | 'SENDING' | 'STORED' | 'SENT' | 'FAILED';
  /** The last delivery error (also while a retry is pending). */
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}

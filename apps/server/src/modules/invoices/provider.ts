import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InvoiceDocument } from '@nhasach/shared';
import type { Tx } from '../../db/client.ts';
import { invoiceSeries } from '../../db/schema/invoices.ts';

/**
 * An e-invoice provider (hoá đơn điện tử): gives an invoice its number in a series and registers it. The shop
 * configures one; the built-in provider numbers invoices itself, as a shop does before it signs up with VNPT,
 * Viettel or MISA, whose providers would send the document to their API here.
 */
export interface EInvoiceProvider {
  readonly name: string;
  /**
   * Issues `document` in `form`/`series`, in the caller's transaction: the next number of the series (no gaps: a
   * rolled-back issue gives its number back) and the provider's reference of the invoice.
   */
  issue(tx: Tx, draft: { form: string; series: string; issuedAt: Date; document: InvoiceDocument }): Promise<{ number: number; providerRef: string }>;
}

/**
 * The built-in provider: the number comes from the series row, incremented under its row lock until the
 * transaction ends, so two invoices never share a number and a failed one leaves no hole.
 */
export const builtInInvoiceProvider: EInvoiceProvider = {
  name: 'BUILT_IN',
  async issue(tx, { form, series, issuedAt, document }) {
    const [row] = await tx
      .insert(invoiceSeries)
      .values({ form, series, lastNumber: 1 })
      .onConflictDoUpdate({ target: [invoiceSeries.form, invoiceSeries.series], set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` } })
      .returning({ number: invoiceSeries.lastNumber });
    const number = row!.number;
    // A lookup code printed on the invoice, as the tax authority's code is on a real one.
    const digest = createHash('sha256').update(`${form}|${series}|${number}|${issuedAt.toISOString()}|${document.total}`).digest('hex');
    return { number, providerRef: `NS-${digest.slice(0, 16).toUpperCase()}` };
  },
};

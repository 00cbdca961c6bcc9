import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { orderSlugInput } from '../checkout/checkout.contract.ts';

// Calls of the payments module for the storefront: what the success page shows for a bank transfer.

export const bankTransferDetailsSchema = z
  .object({
    /** Euro cents (HUB-3 payments are in euro; a non-euro order gives its euro equivalent). */
    amount: z.number().int(),
    currency: z.literal('EUR'),
    payee: z.object({ name: z.string(), street: z.string(), city: z.string() }),
    iban: z.string(),
    /** Reference model and number ("poziv na broj"), e.g. HR00 and 2026000042. */
    model: z.string(),
    reference: z.string(),
    purposeCode: z.string(),
    description: z.string(),
    /** The HUB-3A barcode (PDF417) as an SVG document, for the page to show inline. */
    barcodeSvg: z.string(),
  })
  .meta({ id: 'BankTransferDetails' });
export type BankTransferDetails = z.output<typeof bankTransferDetailsSchema>;

export const getBankTransferDetails = defineContract({
  method: 'get',
  path: '/v2/ecommerce/checkout/payment/bankTransfer/{orderSlug}',
  tags: ['checkout'],
  summary: "A bank-transfer order's payment details and its HUB-3A barcode (the success page shows them)",
  description:
    '404 ORDER_NOT_FOUND for an unknown slug; 409 NOT_BANK_TRANSFER when the order is paid otherwise; 503 BANK_DETAILS_MISSING when the site has no valid BankTransfer option.',
  params: z.object({ orderSlug: orderSlugInput }),
  output: bankTransferDetailsSchema,
});

import { BANK_TRANSFER_OPTION, bankTransferOptionSchema } from '../../../core/bank-transfer.ts';
import { ApiError } from '../../api/errors.ts';
import type { RequestContext } from '../../api/request-context.ts';
import type { Order } from '../checkout/checkout.contract.ts';
import { hub3Svg } from './hub3-barcode.ts';
import type { BankTransferDetails } from './payments.contract.ts';

/**
 * The payment details of an order paid by bank transfer, with its HUB-3A barcode: the payee is the
 * site's `BankTransfer` option, the payer the order's billing (else delivery) address, the amount
 * in euro, the reference the order number's digits under model HR00.
 */
export function createBankTransferService(deps: {
  orderBySlug: (ctx: RequestContext, slug: string) => Promise<Order>;
  siteOption: (siteId: number, key: string) => Promise<unknown>;
  reference: (orderNumber: string) => { model: string; reference: string };
}) {
  return {
    async details(ctx: RequestContext, slug: string): Promise<BankTransferDetails> {
      const order = await deps.orderBySlug(ctx, slug);
      if (order.paymentMethod.paymentType !== 'bank_transfer')
        throw new ApiError(409, 'NOT_BANK_TRANSFER', 'This order is not paid by bank transfer.', {
          field: 'orderSlug',
        });
      const option = bankTransferOptionSchema.safeParse(
        await deps.siteOption(ctx.site.id, BANK_TRANSFER_OPTION),
      );
      if (!option.success)
        throw new ApiError(
          503,
          'BANK_DETAILS_MISSING',
          'The shop has not set up its bank account for transfers.',
        );
      const bank = option.data;
      const amount =
        order.currency.code === 'EUR' ? order.prices.grandTotal : order.prices.eurEquivalent?.grandTotal;
      if (amount === undefined)
        throw new ApiError(503, 'BANK_DETAILS_MISSING', 'The order has no euro amount for a transfer.');
      const payerAddress = order.billingAddress ?? order.shippingAddress;
      const payer = payerAddress
        ? {
            name: order.companyData?.companyName || `${payerAddress.firstName} ${payerAddress.lastName}`,
            street: `${payerAddress.street} ${payerAddress.houseNumber}`.trim(),
            city: `${payerAddress.zipCode} ${payerAddress.city}`.trim(),
          }
        : undefined;
      const { model, reference } = deps.reference(order.orderNumber);
      const payment = {
        amount,
        payer,
        payee: { name: bank.name, street: bank.street, city: bank.city },
        iban: bank.iban,
        model,
        reference,
        purposeCode: bank.purposeCode,
        description: order.orderNumber,
      };
      return {
        amount,
        currency: 'EUR',
        payee: payment.payee,
        iban: bank.iban,
        model,
        reference,
        purposeCode: bank.purposeCode,
        description: order.orderNumber,
        barcodeSvg: hub3Svg(payment),
      };
    },
  };
}

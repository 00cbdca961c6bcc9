import type { OrderHistoryItem } from '../../../server/modules/checkout/checkout.contract.ts';

/** One order of the profile's history, as the checkout contract answers it (a type only: no zod in islands). */
export type HistoryOrder = OrderHistoryItem;

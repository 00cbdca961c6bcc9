import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { idParam, int32 } from '../../../core/input-schemas.ts';

export const productStockUpdate = defineContract({
  method: 'patch',
  path: '/v1/admin/product/stock/{id}',
  access: 'backoffice',
  tags: ['catalogue'],
  summary: 'Back office: set the units on hand of a tracked product (availability requests follow)',
  description:
    '401 without a session, 403 for other users, 404 for a product of another site. Setting the stock of ' +
    'an out-of-stock product above 0 makes its waiting availability requests due: each is mailed once.',
  params: z.object({ id: idParam }),
  body: z.object({ stockQty: int32(0, 1_000_000), manageStock: z.boolean().optional() }).strict(),
  output: z.object({ id: z.number().int(), stockQty: z.number().int(), manageStock: z.boolean() }),
});

import type { Implement } from '../../api/contract-router.ts';
import { contactAdmin, formConfirmEmail, formFilter, formGet, formStoreData } from './forms.contract.ts';
import type { FormsService } from './forms.service.ts';

export function formsRoutes(implement: Implement, forms: FormsService) {
  implement(formFilter, (ctx, { body }) => forms.filter(ctx, body));
  implement(formGet, (ctx, { params }) => forms.get(ctx, params.id));
  implement(formStoreData, (ctx, { body }) => forms.storeData(ctx, body));
  implement(formConfirmEmail, (ctx, { params }) => forms.confirmEmail(ctx, params.token));
  implement(contactAdmin, (ctx, { body }) => forms.contactAdmin(ctx, body));
}

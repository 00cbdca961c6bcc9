import type { Implement } from '../../api/contract-router.ts';
import { contactAdmin, formConfirmEmail, formFilter, formGet, formStoreData } from './forms.contract.ts';
import type { FormsService } from './forms.service.ts';
import {
  formAdminCreate,
  formAdminDelete,
  formAdminFilter,
  formAdminGet,
  formAdminSubmissions,
  formAdminUpdate,
} from './forms-admin.contract.ts';
import type { FormsAdminService } from './forms-admin.service.ts';

export function formsRoutes(implement: Implement, forms: FormsService, admin: FormsAdminService) {
  implement(formFilter, (ctx, { body }) => forms.filter(ctx, body));
  implement(formGet, (ctx, { params }) => forms.get(ctx, params.id));
  implement(formStoreData, (ctx, { body }) => forms.storeData(ctx, body));
  implement(formConfirmEmail, (ctx, { params }) => forms.confirmEmail(ctx, params.token));
  implement(contactAdmin, (ctx, { body }) => forms.contactAdmin(ctx, body));

  implement(formAdminFilter, (ctx, { query }) => admin.filter(ctx, query));
  implement(formAdminGet, (ctx, { params }) => admin.get(ctx, params.id));
  implement(formAdminCreate, (ctx, { body }) => admin.create(ctx, body));
  implement(formAdminUpdate, (ctx, { params, body }) => admin.update(ctx, params.id, body));
  implement(formAdminDelete, (ctx, { params }) => admin.deactivate(ctx, params.id));
  implement(formAdminSubmissions, (ctx, { params, query }) => admin.submissions(ctx, params.id, query));
}

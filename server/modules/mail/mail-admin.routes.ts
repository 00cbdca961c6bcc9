import type { Implement } from '../../api/contract-router.ts';
import {
  mailTemplateFilter,
  mailTemplateGet,
  mailTemplatePreview,
  mailTemplateTestSend,
  mailTemplateUpdate,
} from './mail-admin.contract.ts';
import type { MailAdminService } from './mail-admin.service.ts';

export function mailAdminRoutes(implement: Implement, templates: MailAdminService) {
  implement(mailTemplateFilter, (ctx) => templates.list(ctx));
  implement(mailTemplateGet, (ctx, { query }) => templates.get(ctx, query));
  implement(mailTemplateUpdate, (ctx, { body }) => templates.update(ctx, body));
  implement(mailTemplatePreview, (ctx, { body }) => templates.preview(ctx, body));
  implement(mailTemplateTestSend, (ctx, { body }) => templates.testSend(ctx, body));
}

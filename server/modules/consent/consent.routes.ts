import type { Implement } from '../../api/contract-router.ts';
import { ApiError, badRequest } from '../../api/errors.ts';
import type { Logger } from '../../logger.ts';
import {
  CONSENT_ERRORS,
  consentCreate,
  consentEntityCreate,
  consentEntityFilter,
  consentFilter,
  consentUpdate,
  consentVersionCreate,
  webConsentFilter,
  webConsentLogCreate,
  webConsentMine,
} from './consent.contract.ts';
import type { ConsentService } from './consent.service.ts';

export function consentRoutes(implement: Implement, consents: ConsentService, logger: Logger) {
  implement(webConsentFilter, async (ctx, { body }) => {
    try {
      const records = await consents.forForms(ctx, body.assignedTo);
      return { records: records.slice(0, body.limit) };
    } catch (error) {
      logger.error({ err: error }, 'consents not fetched');
      throw new ApiError(503, CONSENT_ERRORS.consentsNotFetched, 'The consents could not be loaded.');
    }
  });

  implement(webConsentLogCreate, async (ctx, { body }) => {
    const email = ctx.user?.email ?? body.user.email ?? null;
    if (!ctx.user && !email) throw badRequest('An e-mail address or a session is required.', 'user.email');
    if (body.status === 'accepted') {
      if (body.source === 'profile') throw badRequest('Consents are given in a form.', 'source');
      await consents.checkGiven(ctx, body.source, body.consents).catch((error) => {
        // Logging a subset (one checkbox ticked later) is allowed: only foreign consents are refused.
        if ((error as { code?: string }).code === CONSENT_ERRORS.consentRequired) return;
        throw error;
      });
    }
    try {
      const logged = await consents.log({
        siteId: ctx.site.id,
        status: body.status,
        consentIds: body.consents,
        form: body.source,
        userId: ctx.user?.id ?? null,
        email,
        address: ctx.clientAddress,
      });
      return { logged };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      logger.error({ err: error }, 'consent log failed');
      throw new ApiError(503, CONSENT_ERRORS.failedConsentLog, 'The consent could not be recorded.');
    }
  });

  implement(webConsentMine, (ctx) => consents.mine(ctx));
  implement(consentFilter, (ctx, { body }) => consents.assignments(ctx, body.page, body.perPage));
  implement(consentCreate, (ctx, { body }) => consents.createAssignment(ctx, body));
  implement(consentUpdate, (ctx, { params, body }) => consents.updateAssignment(ctx, params.id, body));
  implement(consentEntityFilter, (ctx, { body }) => consents.entityList(ctx, body));
  implement(consentEntityCreate, (ctx, { body }) => consents.createEntity(ctx, body));
  implement(consentVersionCreate, (ctx, { params, body }) => consents.createVersion(ctx, params.id, body));
}

import type { Implement } from '../../api/contract-router.ts';
import { badRequest } from '../../api/errors.ts';
import { webConsentFilter, webConsentLogCreate } from './consent.contract.ts';
import type { ConsentService } from './consent.service.ts';

export function consentRoutes(implement: Implement, consents: ConsentService) {
  implement(webConsentFilter, async (ctx, { body }) => {
    const records = await consents.forForms(ctx, body.assignedTo);
    return { records: records.slice(0, body.limit) };
  });

  implement(webConsentLogCreate, async (ctx, { body }) => {
    const email = ctx.user?.email ?? body.user.email ?? null;
    if (!ctx.user && !email) throw badRequest('An e-mail address or a session is required.', 'user.email');
    if (body.status === 'accepted')
      await consents.checkGiven(ctx, body.source, body.consents).catch((error) => {
        // Logging a subset (one checkbox ticked later) is allowed: only foreign consents are refused.
        if ((error as { code?: string }).code === 'CONSENT_REQUIRED') return;
        throw error;
      });
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
  });
}

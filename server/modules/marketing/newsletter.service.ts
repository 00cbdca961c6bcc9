import { and, eq, sql } from 'drizzle-orm';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { newsletterSubscriptions } from './marketing.schema.ts';

export type SubscribeResult = { email: string; status: 'subscribed'; alreadySubscribed: boolean };

export function createNewsletterService({ db }: Pick<Deps, 'db'>) {
  /**
   * Subscribes an address to the site's newsletter. Repeating the request (or racing it) never makes
   * a second row: the unique (site, email) index decides, and the loser learns it is already subscribed.
   * An address that had unsubscribed is subscribed again.
   */
  async function subscribe(ctx: RequestContext, input: { email: string }): Promise<SubscribeResult> {
    const email = input.email.trim().toLowerCase();
    const inserted = await db
      .insert(newsletterSubscriptions)
      .values({
        siteId: ctx.site.id,
        email,
        languageCode: ctx.language,
        status: 'subscribed',
        consentAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (inserted.length > 0) return { email, status: 'subscribed', alreadySubscribed: false };
    const reactivated = await db
      .update(newsletterSubscriptions)
      .set({ status: 'subscribed', consentAt: sql`now()`, languageCode: ctx.language })
      .where(
        and(
          eq(newsletterSubscriptions.siteId, ctx.site.id),
          eq(newsletterSubscriptions.email, email),
          sql`${newsletterSubscriptions.status} <> 'subscribed'`,
        ),
      )
      .returning({ id: newsletterSubscriptions.id });
    return { email, status: 'subscribed', alreadySubscribed: reactivated.length === 0 };
  }

  return { subscribe };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

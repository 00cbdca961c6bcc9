import type { Implement } from '../../api/contract-router.ts';
import { socialOauth, socialProviders, socialRedirectLogin } from './social.contract.ts';
import type { SocialLoginService } from './social-login.service.ts';

export function socialRoutes(implement: Implement, social: SocialLoginService) {
  implement(socialProviders, () => ({ providers: social.providers() }));
  implement(socialRedirectLogin, (ctx, { query }) =>
    social.redirectLogin(ctx, query.provider, query.redirectTo),
  );
  implement(socialOauth, (ctx, { body }) => social.finish(ctx, body));
}

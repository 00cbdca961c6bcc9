import type { ContractParsedInput } from '../../../core/contract.ts';
import type { Implement } from '../../api/contract-router.ts';
import type { RequestContext } from '../../api/request-context.ts';
import { type AccountsService, invalidLogin } from './accounts.service.ts';
import { legacyLogin, legacyLogout, legacyUser, login, profile, refresh } from './users.contract.ts';

export function usersRoutes(implement: Implement, accounts: AccountsService) {
  const logIn = async (ctx: RequestContext, { body }: ContractParsedInput<typeof login>) => {
    const user = await accounts.checkCredentials(ctx, body.username, body.password);
    if (!user) throw invalidLogin();
    return accounts.login(ctx, user);
  };
  implement(login, logIn);
  implement(legacyLogin, (ctx, input) => logIn(ctx, input));
  implement(refresh, (ctx) => accounts.refresh(ctx));
  implement(profile, (ctx) => accounts.profile(ctx));
  implement(legacyUser, (ctx) => accounts.profile(ctx));
  implement(legacyLogout, (ctx) => accounts.logout(ctx));
}

import type { ContractParsedInput } from '../../../core/contract.ts';
import type { Implement } from '../../api/contract-router.ts';
import type { RequestContext } from '../../api/request-context.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  forgotPassword,
  legacyLogin,
  legacyLogout,
  legacyUser,
  login,
  refresh,
  register,
  resetPassword,
  setPassword,
  verifyEmail,
} from './users.contract.ts';

export function usersRoutes(implement: Implement, accounts: AccountsService) {
  const logIn = async (ctx: RequestContext, { body }: ContractParsedInput<typeof login>) => {
    const user = await accounts.authenticate(ctx, body.username, body.password);
    return accounts.login(ctx, user);
  };
  implement(login, logIn);
  implement(legacyLogin, (ctx, input) => logIn(ctx, input));
  implement(refresh, (ctx) => accounts.refresh(ctx));
  implement(legacyUser, (ctx) => accounts.profile(ctx));
  implement(legacyLogout, (ctx) => accounts.logout(ctx));
  implement(register, (ctx, { body }) => accounts.register(ctx, body));
  implement(verifyEmail, (ctx, { params }) => accounts.verifyEmail(ctx, params.token));
  implement(forgotPassword, (ctx, { body }) => accounts.forgotPassword(ctx, body.username));
  implement(resetPassword, (ctx, { body }) => accounts.resetPassword(ctx, body.token, body.newPassword));
  implement(setPassword, (ctx, { body }) => accounts.setPassword(ctx, body.oldPassword, body.newPassword));
}

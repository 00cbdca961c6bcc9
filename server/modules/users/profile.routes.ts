import type { Implement } from '../../api/contract-router.ts';
import {
  backofficeProfile,
  createAddress,
  orderHistory,
  updateAddress,
  updateUser,
  userSetting,
  profile as webProfile,
} from './profile.contract.ts';
import type { ProfileService } from './profile.service.ts';

export function profileRoutes(implement: Implement, profile: ProfileService) {
  implement(updateUser, (ctx, { body }) => profile.updateUser(ctx, body));
  implement(webProfile, (ctx) => profile.account(ctx));
  implement(createAddress, (ctx, { body }) => profile.createAddress(ctx, body));
  implement(updateAddress, (ctx, { params, body }) => profile.updateAddress(ctx, params.id, body));
  implement(backofficeProfile, (ctx) => profile.backofficeAccount(ctx));
  implement(userSetting, (ctx, { query }) => profile.setting(ctx, query.group, query.key));
  implement(orderHistory, (ctx, { query }) => profile.orderHistory(ctx, query.page));
}

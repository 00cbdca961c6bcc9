import type { Implement } from '../../api/contract-router.ts';
import { captchaChallenge } from './captcha.contract.ts';
import type { CaptchaService } from './captcha.service.ts';

export function captchaRoutes(implement: Implement, captcha: CaptchaService) {
  implement(captchaChallenge, (ctx) => captcha.challenge(ctx));
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import type * as contracts from '../../server/modules/captcha/captcha.contract.ts';
import { createApiClient, createFetchCaller } from '../lib/api-client.ts';

/** The challenge call without the contract's zod schemas (islands ship no zod; see cart-calls.ts). */
const captchaChallenge = {
  method: 'get',
  path: '/v1/captcha/challenge',
} as const satisfies Pick<
  typeof contracts.captchaChallenge,
  'method' | 'path'
> as unknown as typeof contracts.captchaChallenge;

/** The name the server reads the solution under (ALTCHA payload or reCAPTCHA token). */
export const CAPTCHA_FIELD = 'captcha';
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';

type State = 'idle' | 'checking' | 'verified' | 'failed' | 'loadFailed' | 'executeFailed';

type Grecaptcha = {
  ready(callback: () => void): void;
  render(container: HTMLElement, options: Record<string, unknown>): number;
  execute(widget: number): void;
};

/** SHA-256(salt + n) = challenge for the smallest n: ALTCHA's proof of work, with Web Crypto. */
async function solveAltcha(challenge: {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}): Promise<string | null> {
  const { solveChallenge } = await import('altcha-lib/v1');
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) return null;
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}

let recaptchaScript: Promise<Grecaptcha> | undefined;
function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('grecaptcha missing'));
    };
    script.onerror = () => reject(new Error('ReCaptcha error: Failed to load script'));
    document.head.append(script);
  }).catch((error: unknown) => {
    recaptchaScript = undefined;
    throw error;
  });
  return recaptchaScript;
}

/**
 * The captcha of a protected form (the `captcha` island, docs/decisions/0410). It asks for a
 * challenge only once the visitor starts on the form (no request, no work on pages where nobody signs
 * up), solves ALTCHA's proof of work in the background, and holds the form's submission until the
 * solution is in the hidden field; with reCAPTCHA configured it runs Google's invisible widget on
 * submit instead. A status line tells screen readers what happens; there is nothing to click or
 * solve, so it works the same with a keyboard. Without JavaScript the field stays empty and the
 * server's no-script budget decides (decision 0411).
 */
export function CaptchaField({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>('idle');
  const [solution, setSolution] = useState('');

  useEffect(() => {
    const form = anchor.current?.closest('form');
    const field = input.current;
    if (!form || !field) return;
    const api = createApiClient(createFetchCaller(), { language });
    let solving: Promise<string | null> | undefined;
    let recaptcha: { api: Grecaptcha; widget: number; token: Promise<string> } | undefined;

    const prepare = (): Promise<string | null> => {
      solving ??= (async () => {
        setState('checking');
        const result = await api.call(captchaChallenge, {});
        if (result.errored) throw new Error(result.error.message);
        if (result.data.provider === 'altcha') return solveAltcha(result.data.challenge);
        let grecaptcha: Grecaptcha;
        try {
          grecaptcha = await loadRecaptcha();
        } catch (error) {
          setState('loadFailed');
          throw error;
        }
        const container = document.createElement('div');
        anchor.current?.append(container);
        let resolveToken: (token: string) => void = () => {};
        const token = new Promise<string>((resolve) => {
          resolveToken = resolve;
        });
        const widget = grecaptcha.render(container, {
          sitekey: result.data.siteKey,
          size: 'invisible',
          callback: resolveToken,
        });
        recaptcha = { api: grecaptcha, widget, token };
        return null;
      })().catch((error: unknown) => {
        solving = undefined;
        setState((current) => (current === 'loadFailed' ? current : 'failed'));
        console.warn('captcha', error);
        return null;
      });
      return solving;
    };

    const onFocus = () => {
      void prepare().then((value) => {
        if (value) {
          field.value = value;
          setSolution(value);
          setState('verified');
        }
      });
    };
    // Set when the captcha could not run here (no challenge, script blocked): the form goes without a
    // solution and the server decides, as for a visitor without JavaScript (decision 0411).
    let bypass = false;
    const onSubmit = (event: SubmitEvent) => {
      if (field.value || bypass) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter;
      void prepare().then(async (value) => {
        let solution = value;
        if (!solution && recaptcha) {
          try {
            recaptcha.api.execute(recaptcha.widget);
            solution = await recaptcha.token;
          } catch {
            setState('executeFailed');
          }
        }
        const target = submitter instanceof HTMLElement ? submitter : undefined;
        if (!solution) {
          bypass = true;
          form.requestSubmit(target);
          return;
        }
        // Set on the element at once: the form is submitted before the next render.
        field.value = solution;
        setSolution(solution);
        setState('verified');
        form.requestSubmit(target);
      });
    };
    form.addEventListener('focusin', onFocus, { once: true });
    form.addEventListener('submit', onSubmit, { capture: true });
    return () => {
      form.removeEventListener('focusin', onFocus);
      form.removeEventListener('submit', onSubmit, { capture: true });
    };
  }, [language]);

  const message =
    state === 'checking'
      ? t('captcha.checking')
      : state === 'verified'
        ? t('captcha.verified')
        : state === 'failed'
          ? t('captcha.failed')
          : state === 'loadFailed'
            ? t('captcha.loadFailed')
            : state === 'executeFailed'
              ? t('captcha.executeFailed')
              : '';
  return (
    <span ref={anchor} className="contents">
      <input ref={input} type="hidden" name={CAPTCHA_FIELD} value={solution} />
      {/*
        A live region, not role="status": the form's own outcome line is its status. Progress is
        said to screen readers only (sighted visitors have nothing to do); a failure is shown.
      */}
      <span
        aria-live="polite"
        className={state === 'idle' || state === 'checking' || state === 'verified' ? 'sr-only' : 'text-sm'}
      >
        {message}
      </span>
    </span>
  );
}

import { redirect } from 'react-router';
import { COMMENT_MESSAGES } from '../../core/comments.ts';
import { languageOfPath } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { commentCreate, commentUpdate } from '../../server/modules/engagement/engagement.contract.ts';
import {
  COMMENT_ERROR_PARAM,
  COMMENT_NOTICE_PARAM,
  type CommentErrorKey,
} from '../components/comments/comment-thread.tsx';
import { loginRedirect } from '../lib/account.ts';
import { createApiClient } from '../lib/api-client.ts';
import { contractCallerContext } from '../lib/context.ts';
import type { Route } from './+types/comment-submit';

const keyOfMessage = new Map(
  Object.entries(COMMENT_MESSAGES).map(([key, message]) => [message as string, key as CommentErrorKey]),
);

/**
 * The comment and review forms post here (with or without JavaScript): the comment is created or
 * changed through its contract, and the writer returns to the thread (POST, redirect, GET) with the
 * outcome in the query. A visitor without a session is sent to log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = safeRedirectTarget(String(form.get('returnTo') ?? '/').split(/[?#]/)[0]);
  const language = languageOfPath(returnTo);
  const api = createApiClient(context.get(contractCallerContext), { language });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const rating = text('rating') === '' ? null : text('rating');
  const targetId = Number(text('target_id'));
  const result =
    text('intent') === 'update'
      ? await api.call(commentUpdate, {
          params: { id: text('id') },
          body: { comment: text('comment'), rating },
        })
      : await api.call(commentCreate, {
          body: {
            ...(text('kind') === 'post' ? { post_id: targetId } : { product_id: targetId }),
            comment: text('comment'),
            rating,
            captcha: text('captcha').slice(0, 4000),
          },
        });
  const target = new URL(returnTo, 'http://local');
  if (result.errored) {
    if (result.error.statusCode === 401) return loginRedirect(language, `${returnTo}#comments`);
    const field =
      result.error.field === 'rating' ? 'rating' : result.error.field === 'comment' ? 'comment' : '';
    const key: CommentErrorKey =
      (result.error.field === 'captcha' ? 'captcha' : keyOfMessage.get(result.error.message)) ??
      (field === 'comment' && result.error.statusCode === 400 ? 'tooLong' : 'failed');
    target.searchParams.set(COMMENT_ERROR_PARAM, field ? `${key}.${field}` : key);
    return redirect(`${target.pathname}${target.search}#comment-form`, 303);
  }
  target.searchParams.set(COMMENT_NOTICE_PARAM, result.data.status === 'published' ? 'published' : 'pending');
  return redirect(`${target.pathname}${target.search}#comments`, 303);
}

export function loader() {
  return redirect('/', 303);
}

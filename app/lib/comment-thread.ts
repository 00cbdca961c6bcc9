import type { CommentTargetKind } from '../../core/comments.ts';
import { commentFilterStandard } from '../../server/modules/engagement/engagement.contract.ts';
import {
  COMMENT_ERROR_PARAM,
  COMMENT_NOTICE_PARAM,
  COMMENT_PAGE_PARAM,
  type CommentErrorKey,
  type CommentNotice,
  type CommentThreadProps,
  commentErrorKeys,
} from '../components/comments/comment-thread.tsx';
import type { createApiClient } from './api-client.ts';

/**
 * What a post or product loader adds for its comment thread: the page of comments the query asks for
 * (`?comments=N`) and the outcome of the last form post. A failed read leaves the thread out; the page
 * itself still renders.
 */
export async function loadCommentThread(
  api: ReturnType<typeof createApiClient>,
  kind: CommentTargetKind,
  targetId: number,
  url: URL,
): Promise<Pick<CommentThreadProps, 'thread' | 'notice' | 'error'>> {
  const pageParam = url.searchParams.get(COMMENT_PAGE_PARAM) ?? '';
  const page = /^\d{1,5}$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1;
  const result = await api.call(commentFilterStandard, {
    body: { filters: kind === 'post' ? { post_id: targetId } : { product_id: targetId }, page },
  });
  const noticeParam = url.searchParams.get(COMMENT_NOTICE_PARAM);
  const notice: CommentNotice | null =
    noticeParam === 'pending' || noticeParam === 'published' ? noticeParam : null;
  const [errorKey, errorField] = (url.searchParams.get(COMMENT_ERROR_PARAM) ?? '').split('.');
  const key = commentErrorKeys.find((candidate) => candidate === errorKey) as CommentErrorKey | undefined;
  return {
    thread: result.errored ? null : result.data,
    notice,
    error: key
      ? { key, field: errorField === 'comment' || errorField === 'rating' ? errorField : null }
      : null,
  };
}

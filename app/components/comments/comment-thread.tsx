import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH, type CommentTargetKind, RATING_STARS } from '../../../core/comments.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatDate } from '../../../core/money.ts';
import { localizedPath } from '../../../core/route-table.ts';
import type { CommentPage, CommentView } from '../../../server/modules/engagement/engagement.contract.ts';
import { Island } from '../../islands/island.tsx';
import { Pagination } from '../pagination.tsx';
import { RatingStars } from './rating-stars.tsx';

/** The form posts of the thread land here (routes/comment-submit.tsx), so they work without JavaScript. */
export const COMMENT_SUBMIT_PATH = '/comment-submit';
/** The query parameters the thread reads: its page, and what the last form post came back with. */
export const COMMENT_PAGE_PARAM = 'comments';
export const COMMENT_NOTICE_PARAM = 'commentNotice';
export const COMMENT_ERROR_PARAM = 'commentError';

export type CommentNotice = 'pending' | 'published';
export const commentErrorKeys = [
  'loggedUsersOnly',
  'commentingDisabled',
  'targetNotFound',
  'commentOrRating',
  'ratingRequired',
  'commentRequired',
  'alreadyCommented',
  'editingDisabled',
  'notYours',
  'notFound',
  'tooMany',
  'tooLong',
  'captcha',
  'failed',
] as const;
export type CommentErrorKey = (typeof commentErrorKeys)[number];

export type CommentThreadProps = {
  kind: CommentTargetKind;
  targetId: number;
  language: UiLanguage;
  /** The thread (null when it could not be read: the page still renders, without it). */
  thread: CommentPage | null;
  loggedIn: boolean;
  /** The page's path without the query, where the forms come back to. */
  path: string;
  notice: CommentNotice | null;
  error: { key: CommentErrorKey; field: 'comment' | 'rating' | null } | null;
  /** The product's published rating (product pages). */
  rating?: { average: number; count: number } | null;
};

/** The page address of a thread page (page 1 is the page itself), at the thread. */
export const threadHref = (path: string, page: number) =>
  page > 1 ? `${path}?${COMMENT_PAGE_PARAM}=${page}#comments` : `${path}#comments`;

/**
 * Comments under a blog post or reviews on a product page, rendered on the server: the published
 * comments (and the reader's own that wait for approval), paged; the form for logged-in users; plain
 * form posts and links, no JavaScript. Texts are plain text rendered as text (React escapes them).
 */
export function CommentThread(props: CommentThreadProps) {
  const { t } = useTranslation();
  const { kind, thread, path, rating } = props;
  const headingId = 'comments-heading';
  const isProduct = kind === 'product';
  return (
    <section
      id="comments"
      aria-labelledby={headingId}
      className="mt-12 max-w-3xl"
      data-testid="comment-thread"
    >
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {t(isProduct ? 'comments.productHeading' : 'comments.postHeading')}
      </h2>
      {isProduct && rating && rating.count > 0 ? (
        <p className="mt-2 flex items-center gap-2 text-slate-800" data-testid="product-rating-summary">
          <RatingStars rating={rating.average} label="average" className="text-xl" />
          <span aria-hidden="true" className="font-semibold">
            {rating.average.toFixed(1)}
          </span>
          <span>({t('comments.reviewCount', { count: rating.count })})</span>
        </p>
      ) : null}
      {props.notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-teal-50 px-4 py-3 text-teal-900"
          data-testid="comment-notice"
        >
          {t(props.notice === 'pending' ? 'comments.sentPending' : 'comments.sentPublished')}
        </p>
      ) : null}
      {thread ? (
        <>
          {thread.records.length === 0 ? (
            <p className="mt-4 text-slate-700">{t(isProduct ? 'comments.emptyReviews' : 'comments.empty')}</p>
          ) : (
            <>
              {isProduct && rating && rating.count > 0 ? null : (
                <p className="mt-2 text-sm text-slate-600">
                  {t(isProduct ? 'comments.reviewCount' : 'comments.count', { count: thread.totalRecords })}
                </p>
              )}
              <ol className="mt-4 space-y-4" data-testid="comment-list">
                {thread.records.map((record) => (
                  <CommentItem key={record.id} record={record} {...props} />
                ))}
              </ol>
            </>
          )}
          <Pagination
            page={thread.page}
            totalPages={thread.totalPages}
            hrefFor={(page) => threadHref(path, page)}
          />
          <CommentFormArea {...props} thread={thread} />
        </>
      ) : null}
    </section>
  );
}

function CommentItem({ record, language, ...props }: CommentThreadProps & { record: CommentView }) {
  const { t } = useTranslation();
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="comment"
      data-comment-id={record.id}
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">
          {record.author.displayName || t('comments.anonymous')}
        </span>
        <time dateTime={record.created_at}>{formatDate(record.created_at, language)}</time>
        {record.edited_at ? <span>({t('comments.edited')})</span> : null}
        {record.status !== 'published' ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t(record.status === 'pending' ? 'comments.pending' : 'comments.unpublished')}
          </span>
        ) : null}
      </p>
      {record.rating !== null ? <RatingStars rating={record.rating} className="mt-1" /> : null}
      {record.comment ? (
        <p className="mt-2 whitespace-pre-line break-words text-slate-800" data-testid="comment-text">
          {record.comment}
        </p>
      ) : null}
      {record.canEdit ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-teal-800">{t('comments.edit')}</summary>
          <CommentForm {...props} language={language} editing={record} />
        </details>
      ) : null}
    </li>
  );
}

/** The form, or why there is none: log in first, or commenting is off here. */
function CommentFormArea(props: CommentThreadProps & { thread: CommentPage }) {
  const { t } = useTranslation();
  const { thread, loggedIn, language, path } = props;
  if (!thread.open)
    return (
      <p className="mt-6 text-slate-700" data-testid="commenting-disabled">
        {t('comments.errors.commentingDisabled')}
      </p>
    );
  if (!loggedIn)
    return (
      <p className="mt-6 text-slate-700" data-testid="comment-login">
        {t('comments.errors.loggedUsersOnly')}{' '}
        <a
          href={`${localizedPath('login', language)}?redirectTo=${encodeURIComponent(`${path}#comments`)}`}
          className="font-medium text-teal-800 underline underline-offset-2"
        >
          {t('comments.loginToComment')}
        </a>
      </p>
    );
  return (
    <div className="mt-8 rounded-2xl bg-slate-50 p-5">
      <h3 className="text-lg font-semibold text-slate-900">
        {t(props.kind === 'product' ? 'comments.reviewFormHeading' : 'comments.formHeading')}
      </h3>
      {thread.rules.requireAdminPublishing ? (
        <p className="mt-1 text-sm text-slate-600">{t('comments.moderationNote')}</p>
      ) : null}
      <CommentForm {...props} editing={null} />
    </div>
  );
}

function CommentForm({
  kind,
  targetId,
  thread,
  path,
  error,
  editing,
  language,
}: CommentThreadProps & { editing: CommentView | null }) {
  const { t } = useTranslation();
  const rules = thread?.rules;
  // Products always take stars; a blog post only when its options ask for a rating.
  const withRating = kind === 'product' || rules?.requireRatingForComment === true;
  const ratingRequired = rules?.requireRatingForComment === true;
  const prefix = editing ? `comment-${editing.id}` : 'comment-new';
  const errorId = `${prefix}-error`;
  const shownError = editing ? null : error;
  return (
    <form
      method="post"
      action={COMMENT_SUBMIT_PATH}
      className="mt-4 space-y-4"
      data-testid={editing ? 'comment-edit-form' : 'comment-form'}
    >
      <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="target_id" value={targetId} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <input type="hidden" name="returnTo" value={path} />
      {shownError ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 text-red-800"
          data-testid="comment-error"
        >
          {t(`comments.errors.${shownError.key}`, { max: COMMENT_MAX_LENGTH })}
        </p>
      ) : null}
      {withRating ? (
        <fieldset
          aria-describedby={shownError?.field === 'rating' ? errorId : undefined}
          className="flex flex-wrap gap-2"
        >
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t(ratingRequired ? 'comments.ratingLegend' : 'comments.ratingOptional')}
          </legend>
          {ratingRequired ? null : (
            <StarOption
              prefix={prefix}
              value=""
              checked={editing ? editing.rating === null : true}
              label={t('comments.noRating')}
            />
          )}
          {Array.from({ length: RATING_STARS }, (_, index) => RATING_STARS - index).map((stars) => (
            <StarOption
              key={stars}
              prefix={prefix}
              value={String(stars)}
              checked={editing?.rating === stars}
              required={ratingRequired}
              stars={stars}
              label={t('comments.starOption', { count: stars })}
            />
          ))}
        </fieldset>
      ) : null}
      <div>
        <label htmlFor={`${prefix}-text`} className="block text-sm font-medium text-slate-800">
          {t(kind === 'product' ? 'comments.reviewLabel' : 'comments.commentLabel')}
        </label>
        <textarea
          id={`${prefix}-text`}
          name="comment"
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          defaultValue={editing?.comment ?? ''}
          aria-invalid={shownError?.field === 'comment' ? true : undefined}
          aria-describedby={shownError?.field === 'comment' ? errorId : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
        />
      </div>
      {/* A new comment proves it is not a robot (decisions 0410, 0411); an edit of one's own does not. */}
      {editing ? null : <Island name="captcha" props={{ language }} />}
      <button
        type="submit"
        className="rounded-full bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
      >
        {t(editing ? 'comments.save' : 'comments.submit')}
      </button>
    </form>
  );
}

/** One choice of the star radio group: a native radio (keyboard and screen readers as usual). */
function StarOption({
  prefix,
  value,
  checked,
  required,
  stars,
  label,
}: {
  prefix: string;
  value: string;
  checked: boolean;
  required?: boolean;
  stars?: number;
  label: string;
}) {
  const id = `${prefix}-rating-${value || 'none'}`;
  return (
    <label
      htmlFor={id}
      className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700"
    >
      <input
        id={id}
        type="radio"
        name="rating"
        value={value}
        defaultChecked={checked}
        required={required}
        className="accent-teal-700"
      />
      {stars ? (
        <span aria-hidden="true" className="text-amber-600">
          {'★'.repeat(stars)}
        </span>
      ) : null}
      <span>{label}</span>
    </label>
  );
}

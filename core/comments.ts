/**
 * What the comment and review calls share with the browser without zod: paths, limits and the
 * server's texts (the UI translates by these exact texts; the specification's 'logged users only' and
 * 'commenting disabled').
 */
export const COMMENT_FILTER_PATH = '/v1/cms/comment/filterStandard';
export const COMMENT_CREATE_PATH = '/v1/comment/create';
export const COMMENT_UPDATE_PATH = '/v1/comment/update/{id}';
export const COMMENT_OPTIONS_PATH = '/v1/comment/getOptions';

/** The longest comment or review text, in characters. */
export const COMMENT_MAX_LENGTH = 2000;
/** Stars of a rating (specification 000, section 9: "Rating stars 5"). */
export const RATING_STARS = 5;
/** A thread's page size under a post or product. */
export const COMMENT_PAGE_SIZE = 10;

export const COMMENT_MESSAGES = {
  loggedUsersOnly: 'Logged users only.',
  commentingDisabled: 'Commenting disabled.',
  targetNotFound: 'Nothing to comment on: the post or product does not exist.',
  commentOrRating: 'Write a comment or give a rating.',
  ratingRequired: 'A rating is required with a comment.',
  commentRequired: 'A comment is required with a rating.',
  alreadyCommented: 'You have already commented here.',
  editingDisabled: 'Comments cannot be edited.',
  notYours: 'You can edit only your own comments.',
  notFound: 'Comment not found.',
  tooMany: 'Too many comments; try again in a minute.',
  backofficeOnly: 'Back-office users only.',
} as const;
export type CommentMessage = (typeof COMMENT_MESSAGES)[keyof typeof COMMENT_MESSAGES];

export type CommentTargetKind = 'post' | 'product';

/** The rules of section 5 for one kind of target, from the site options. */
export type CommentRules = {
  /** Whether logged-in users may write at all (blog: `CanCommentOnBlog`; products: always). */
  enabled: boolean;
  requireRatingForComment: boolean;
  requireCommentForRating: boolean;
  oneUserOneComment: boolean;
  userCanEditComment: boolean;
  requireAdminPublishing: boolean;
};

/**
 * Plain text as it is stored (docs/decisions/0400): Unicode NFC; no control characters but line
 * breaks; no bidirectional overrides (they make text read differently than it is stored); trailing
 * spaces and runs of blank lines collapsed; trimmed. Markup is not removed: it is text and is shown
 * as text.
 */
export function normalizeCommentText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
      .replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

import { readCookie } from '../../core/cookies.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../core/visitor-cookies.ts';
import { type PageEditState, pageEditState } from '../../server/modules/cms/page-editor.contract.ts';
import { backofficeProfile } from '../../server/modules/users/profile.contract.ts';
import type { ApiClient } from './api-client.ts';
import { readPageFlags } from './page-content.ts';

/** What the page editor island starts from (its props travel in the page as JSON). */
export type EditModeData = {
  language: UiLanguage;
  state: PageEditState;
  /** `mobileView=true`: the visibility buttons are not shown (spec 000 section 2). */
  mobileView: boolean;
  /** The page's address without the edit flags: leave edit mode, preview. */
  path: string;
  /** The API documentation only with the developer tools (outside production). */
  links: { admin: string; apiDocs: string | null; changelog: string | null };
};

/**
 * Edit mode for this request, or null: only with `editPage=true` and only for a back-office user
 * (everyone else gets the page as it is). A visitor without session cookies makes no call. The page
 * cache never stores such a page: any `editPage=` request is rendered for its visitor alone.
 */
export async function loadEditMode(
  api: ApiClient,
  request: Request,
  language: UiLanguage,
  postId: number | undefined,
  devTools = false,
): Promise<EditModeData | null> {
  const url = new URL(request.url);
  const flags = readPageFlags(url.searchParams);
  if (!flags.editPage || postId === undefined) return null;
  const cookies = request.headers.get('cookie');
  if (!readCookie(cookies, ACCESS_TOKEN_COOKIE) && !readCookie(cookies, REFRESH_TOKEN_COOKIE)) return null;
  const profile = await api.call(backofficeProfile, {});
  if (profile.errored) return null;
  const state = await api.call(pageEditState, { params: { id: postId } });
  if (state.errored) return null;
  return {
    language,
    state: state.data,
    mobileView: flags.mobileView,
    path: url.pathname,
    links: {
      admin: localizedPath('admin', language),
      apiDocs: devTools ? '/api/docs' : null,
      changelog: devTools ? `${localizedPath('adminDeveloper', language)}#releases` : null,
    },
  };
}

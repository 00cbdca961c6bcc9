import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../islands/toast-store.ts';

/** The window event analytics listens to once an address is confirmed. */
export const EMAIL_CONFIRMED_EVENT = 'email-confirmed';

/** The file name a download is saved under: the goal path's last segment that looks like a file. */
export function downloadName(goal: string): string {
  const segments = goal.split(/[?#]/)[0]!.split('/').filter(Boolean).map(decodeURIComponent);
  return segments.reverse().find((segment) => /\.[a-z0-9]{2,5}$/i.test(segment)) ?? 'download';
}

async function download(goal: string) {
  const response = await fetch(goal, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = downloadName(goal);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * What the confirmation page does in the browser once it has loaded (the `confirmEmail` island; it
 * renders nothing): it tells analytics the address was confirmed, then follows a `url` goal or
 * downloads a `file` goal and says in a toast whether the download worked. Without JavaScript the
 * page's own links do the same.
 */
export function ConfirmEmailAction({
  goalType,
  goal,
  email,
}: {
  goalType: 'message' | 'url' | 'file';
  goal: string;
  email: string;
}) {
  const { t } = useTranslation();
  const acted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once, when the page loads
  useEffect(() => {
    if (acted.current) return;
    acted.current = true;
    window.dispatchEvent(new CustomEvent(EMAIL_CONFIRMED_EVENT, { detail: { email, goalType } }));
    if (goalType === 'url') window.location.assign(goal);
    else if (goalType === 'file')
      download(goal).then(
        () => showToast(t('blog.confirm.downloading'), { kind: 'success' }),
        (error: unknown) => {
          console.error('error.downloadFailed', error);
          showToast(t('blog.confirm.downloadFailed'), { kind: 'error' });
        },
      );
  }, []);
  return null;
}

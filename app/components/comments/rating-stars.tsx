import { useTranslation } from 'react-i18next';
import { RATING_STARS } from '../../../core/comments.ts';

/**
 * Stars as text (★ filled, ☆ empty, rounded to the nearest half by filling at .5 and up), hidden from
 * screen readers, which read the rating in words instead.
 */
export function RatingStars({
  rating,
  label = 'stars',
  className = '',
}: {
  rating: number;
  label?: 'stars' | 'average';
  className?: string;
}) {
  const { t } = useTranslation();
  const filled = Math.min(RATING_STARS, Math.max(0, Math.round(rating)));
  const shown = Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span aria-hidden="true" className="tracking-tight text-amber-600">
        {'★'.repeat(filled)}
        <span className="text-slate-400">{'☆'.repeat(RATING_STARS - filled)}</span>
      </span>
      <span className="sr-only">
        {t(label === 'average' ? 'comments.average' : 'comments.stars', {
          rating: shown,
          best: RATING_STARS,
        })}
      </span>
    </span>
  );
}

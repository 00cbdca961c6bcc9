import { useTranslation } from 'react-i18next';

/** "Move up" and "Move down" for the item at `index` of a list of `count` (sections, FAQ questions). */
export function MoveButtons({
  index,
  count,
  onMove,
  className,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        {t('editor.moveUp')}
      </button>
      <button
        type="button"
        className={className}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        {t('editor.moveDown')}
      </button>
    </>
  );
}

import { type PointerEvent, useRef, useState } from 'react';

export type RangeSliderProps = {
  min: number;
  max: number;
  step?: number;
  /** The minimum and the maximum thumb. */
  value: [number, number];
  onChange: (value: [number, number]) => void;
  /** Each thumb's accessible name (from the catalogs): minimum, maximum. */
  labels: [string, string];
  /** What a screen reader says for a value (the formatted money). */
  valueText: (value: number) => string;
};

export const trackClass = 'relative h-1.5 grow overflow-hidden rounded-full bg-slate-300';
export const thumbClass =
  'block h-5 w-5 cursor-grab rounded-full border-2 border-teal-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

const THUMB_PX = 20;

/**
 * Where a key moves thumb `index` (WAI-ARIA slider pattern): arrows one step, Page Up/Down and
 * Shift+arrow ten, Home/End as far as it can go; a thumb stops at the other one. Null for other keys.
 */
export function keyedValue(
  key: string,
  shiftKey: boolean,
  index: 0 | 1,
  { min, max, step = 1, value }: Pick<RangeSliderProps, 'min' | 'max' | 'step' | 'value'>,
): [number, number] | null {
  const [from, to] = value;
  const low = index === 0 ? min : from;
  const high = index === 0 ? to : max;
  const current = value[index];
  const jump = shiftKey ? 10 * step : step;
  const moves: Record<string, number> = {
    ArrowRight: current + jump,
    ArrowUp: current + jump,
    ArrowLeft: current - jump,
    ArrowDown: current - jump,
    PageUp: current + 10 * step,
    PageDown: current - 10 * step,
    Home: low,
    End: high,
  };
  const moved = moves[key];
  if (moved === undefined) return null;
  const next = Math.min(Math.max(moved, low), high);
  return index === 0 ? [next, to] : [from, next];
}

/**
 * Which value a pointer at `clientX` means on a track laid out as `rect`, in steps of `step`. The
 * thumbs' centres run from half a thumb inside the left end to half a thumb inside the right end.
 */
export function pointerValue(
  clientX: number,
  rect: { left: number; width: number },
  { min, max, step = 1 }: Pick<RangeSliderProps, 'min' | 'max' | 'step'>,
): number {
  const usable = Math.max(rect.width - THUMB_PX, 1);
  const share = Math.min(Math.max((clientX - rect.left - THUMB_PX / 2) / usable, 0), 1);
  const raw = min + share * (max - min);
  return Math.min(Math.max(Math.round((raw - min) / step) * step + min, min), max);
}

/** The thumb a press at `at` moves: the nearer one; at a tie, the one that can move that way. */
export function nearerThumb(at: number, [from, to]: [number, number]): 0 | 1 {
  if (at < from) return 0;
  if (at > to) return 1;
  return at - from <= to - at ? 0 : 1;
}

/**
 * A two-thumb range slider (WAI-ARIA slider pattern; docs/decisions/0200-accessible-primitives.md):
 * each thumb is a focusable `slider` with its own label and spoken value, moved by the arrow keys,
 * Page Up/Down and Home/End (keyedValue) or by a pointer (press anywhere on the track: the nearer
 * thumb jumps there and follows the pointer until it is released); the thumbs never pass each other.
 * It renders the same markup on the server and in the browser. Render it only where JavaScript runs
 * (without it the number fields beside it do the job).
 */
export function RangeSlider(props: RangeSliderProps) {
  const { min, max, value, labels, valueText, onChange } = props;
  const root = useRef<HTMLSpanElement>(null);
  const [dragging, setDragging] = useState<0 | 1 | null>(null);
  const percent = (at: number) => (max > min ? ((at - min) / (max - min)) * 100 : 0);
  const [start, end] = [percent(value[0]), percent(value[1])];

  const moveTo = (thumb: 0 | 1, clientX: number) => {
    const rect = root.current?.getBoundingClientRect();
    if (!rect) return;
    const at = pointerValue(clientX, rect, props);
    const next: [number, number] =
      thumb === 0 ? [Math.min(at, value[1]), value[1]] : [value[0], Math.max(at, value[0])];
    if (next[0] !== value[0] || next[1] !== value[1]) onChange(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    const rect = root.current?.getBoundingClientRect();
    if (!rect) return;
    event.preventDefault();
    const thumb = nearerThumb(pointerValue(event.clientX, rect, props), value);
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(thumb);
    root.current?.querySelectorAll<HTMLElement>('[role="slider"]')[thumb]?.focus();
    moveTo(thumb, event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (dragging !== null) moveTo(dragging, event.clientX);
  };
  const onPointerEnd = (event: PointerEvent<HTMLSpanElement>) => {
    if (dragging === null) return;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setDragging(null);
  };

  return (
    <span
      ref={root}
      className="relative flex h-8 w-full touch-none items-center select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      data-testid="range-slider"
    >
      <span className={trackClass}>
        <span
          className="absolute h-full rounded-full bg-teal-700"
          style={{ left: `${start}%`, right: `${100 - end}%` }}
        />
      </span>
      {value.map((thumb, index) => {
        const at = percent(thumb);
        // The thumb stays inside the track at both ends.
        const offset = THUMB_PX / 2 - (at / 50) * (THUMB_PX / 2);
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the two thumbs are the minimum and the maximum
            key={index}
            className="absolute"
            style={{ left: `calc(${at}% + ${offset}px)`, transform: 'translateX(-50%)' }}
          >
            <span
              role="slider"
              tabIndex={0}
              aria-label={labels[index]}
              aria-valuemin={min}
              aria-valuemax={max}
              aria-valuenow={thumb}
              aria-valuetext={valueText(thumb)}
              aria-orientation="horizontal"
              className={thumbClass}
              onKeyDown={(event) => {
                const next = keyedValue(event.key, event.shiftKey, index === 0 ? 0 : 1, props);
                if (!next) return;
                event.preventDefault();
                if (next[0] !== value[0] || next[1] !== value[1]) onChange(next);
              }}
            />
          </span>
        );
      })}
    </span>
  );
}

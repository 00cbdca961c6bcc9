import { type ComponentType, useEffect, useState } from 'react';

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
  /** A thumb to focus once the slider is there. */
  focusThumb?: 0 | 1;
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

let loaded: ComponentType<RangeSliderProps> | null = null;
let loading: Promise<ComponentType<RangeSliderProps>> | null = null;
function load() {
  loading ??= import('./range-slider.tsx').then((module) => {
    loaded = module.RangeSlider;
    return loaded;
  });
  return loading;
}

/**
 * The range slider, its library in a chunk of its own (10 kB gzip) that loads as soon as the island
 * has hydrated (the page's own scripts come first): until it is there a stand-in draws the same track
 * and thumbs, with the same roles and values, and keys pressed on it count. Focusing or pressing a
 * thumb of the stand-in hands the focus to the slider when it arrives. Render it only in the browser
 * (it needs JavaScript to do anything).
 */
export function LazyRangeSlider(props: RangeSliderProps) {
  const [Slider, setSlider] = useState<ComponentType<RangeSliderProps> | null>(() => loaded);
  const [focusThumb, setFocusThumb] = useState<0 | 1 | undefined>(undefined);
  // Loaded at once, not on the first touch: a drag that starts on the stand-in would be lost.
  useEffect(() => {
    let current = true;
    load().then((component) => {
      if (current) setSlider(() => component);
    });
    return () => {
      current = false;
    };
  }, []);
  if (Slider) return <Slider {...props} focusThumb={focusThumb} />;

  const { min, max, value, labels, valueText } = props;
  const activate = (thumb?: 0 | 1) => {
    if (thumb !== undefined) setFocusThumb(thumb);
    load().then((component) => setSlider(() => component));
  };
  const percent = (at: number) => (max > min ? ((at - min) / (max - min)) * 100 : 0);
  const [start, end] = [percent(value[0]), percent(value[1])];
  return (
    <span
      className="relative flex h-8 w-full touch-none items-center select-none"
      onPointerEnter={() => load()}
      onPointerDown={() => activate()}
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
        // Where Radix puts the thumb: inside the track at both ends.
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
              onFocus={() => activate(index === 0 ? 0 : 1)}
              onKeyDown={(event) => {
                // Keys pressed before the slider is there still move the thumb.
                const next = keyedValue(event.key, event.shiftKey, index === 0 ? 0 : 1, props);
                if (!next) return;
                event.preventDefault();
                if (next[0] !== value[0] || next[1] !== value[1]) props.onChange(next);
              }}
            />
          </span>
        );
      })}
    </span>
  );
}

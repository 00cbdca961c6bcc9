import * as Slider from '@radix-ui/react-slider';
import { useEffect, useRef } from 'react';
import { keyedValue, type RangeSliderProps, thumbClass, trackClass } from './lazy-range-slider.tsx';

/**
 * A two-thumb range slider on Radix Slider (docs/decisions/0200-accessible-primitives.md): each thumb
 * is a `slider` with its own label and a spoken value, moved by pointer or by the arrow keys, Page
 * Up/Down and Home/End (keyedValue); the thumbs cannot pass each other. Load it through
 * `LazyRangeSlider`, which draws the same slider until this module is needed.
 */
export function RangeSlider({
  min,
  max,
  step = 1,
  value,
  onChange,
  labels,
  valueText,
  focusThumb,
}: RangeSliderProps) {
  const root = useRef<HTMLSpanElement>(null);
  // The shopper focused a thumb of the stand-in: the real one takes the focus over.
  useEffect(() => {
    if (focusThumb === undefined) return;
    root.current?.querySelectorAll<HTMLElement>('[role="slider"]')[focusThumb]?.focus();
  }, [focusThumb]);
  return (
    <Slider.Root
      ref={root}
      min={min}
      max={max}
      step={step}
      value={value}
      // Each thumb stops at the other (they may meet: one price).
      preserveThumbOrder
      onValueChange={(next) => onChange([next[0] ?? min, next[1] ?? max])}
      onKeyDown={(event) => {
        // The keys are ours (keyedValue, shared with the stand-in): Radix would send Home to the
        // first thumb and End to the last, whichever has focus.
        const thumbs = Array.from(root.current?.querySelectorAll('[role="slider"]') ?? []);
        const index = thumbs.indexOf(event.target as Element);
        if (index < 0) return;
        const next = keyedValue(event.key, event.shiftKey, index === 0 ? 0 : 1, { min, max, step, value });
        if (!next) return;
        event.preventDefault();
        if (next[0] !== value[0] || next[1] !== value[1]) onChange(next);
      }}
      className="relative flex h-8 w-full touch-none items-center select-none"
      data-testid="range-slider"
    >
      <Slider.Track className={trackClass}>
        <Slider.Range className="absolute h-full rounded-full bg-teal-700" />
      </Slider.Track>
      {value.map((thumb, index) => (
        <Slider.Thumb
          // biome-ignore lint/suspicious/noArrayIndexKey: the two thumbs are the minimum and the maximum
          key={index}
          aria-label={labels[index]}
          aria-valuetext={valueText(thumb)}
          className={thumbClass}
        />
      ))}
    </Slider.Root>
  );
}

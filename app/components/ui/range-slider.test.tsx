import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keyedValue, nearerThumb, pointerValue, RangeSlider } from './range-slider.tsx';

const render = (value: [number, number]) =>
  renderToString(
    <RangeSlider
      min={10}
      max={110}
      value={value}
      onChange={() => {}}
      labels={['lowest', 'highest']}
      valueText={(at) => `${at} EUR`}
    />,
  );

describe('the range slider', () => {
  it('is one track with two focusable thumbs, each a labelled slider with its value as text', () => {
    const html = render([30, 90]);
    expect(html.match(/data-testid="range-slider"/g)).toHaveLength(1);
    const thumbs = [...html.matchAll(/<span role="slider"[^>]*>/g)].map(([tag]) => tag);
    expect(thumbs).toHaveLength(2);
    for (const [index, [label, now]] of [
      ['lowest', 30],
      ['highest', 90],
    ].entries()) {
      const thumb = thumbs[index]!;
      expect(thumb).toContain('tabindex="0"');
      expect(thumb).toContain(`aria-label="${label}"`);
      expect(thumb).toContain('aria-valuemin="10"');
      expect(thumb).toContain('aria-valuemax="110"');
      expect(thumb).toContain(`aria-valuenow="${now}"`);
      expect(thumb).toContain(`aria-valuetext="${now} EUR"`);
    }
  });

  it('fills the track between the thumbs and keeps the thumbs inside the track', () => {
    const html = render([30, 90]);
    // 20 % and 80 % of the range; a 20 px thumb stays inside the track at both ends.
    expect(html).toContain('left:20%;right:20%');
    expect(html).toContain('left:calc(20% + 6px)');
    expect(html).toContain('left:calc(80% + -6px)');
  });
});

describe('keyedValue: what a key does to a thumb', () => {
  const range = { min: 10, max: 110, value: [30, 90] as [number, number] };
  it('moves the focused thumb one step with an arrow, ten with Page Up/Down or Shift', () => {
    expect(keyedValue('ArrowRight', false, 0, range)).toEqual([31, 90]);
    expect(keyedValue('ArrowDown', false, 1, range)).toEqual([30, 89]);
    expect(keyedValue('PageUp', false, 0, range)).toEqual([40, 90]);
    expect(keyedValue('ArrowLeft', true, 1, range)).toEqual([30, 80]);
  });
  it('sends Home and End to the focused thumb, which stops at the other one', () => {
    expect(keyedValue('Home', false, 0, range)).toEqual([10, 90]);
    expect(keyedValue('End', false, 0, range)).toEqual([90, 90]);
    expect(keyedValue('Home', false, 1, range)).toEqual([30, 30]);
    expect(keyedValue('End', false, 1, range)).toEqual([30, 110]);
    expect(keyedValue('PageUp', false, 0, { ...range, value: [85, 90] })).toEqual([90, 90]);
    expect(keyedValue('PageDown', false, 1, { ...range, value: [85, 90] })).toEqual([85, 85]);
  });
  it('leaves other keys to the page', () => {
    expect(keyedValue('Tab', false, 0, range)).toBeNull();
    expect(keyedValue('Enter', false, 1, range)).toBeNull();
  });
});

describe('pointerValue and nearerThumb: what a press on the track does', () => {
  const rect = { left: 100, width: 220 };
  const range = { min: 10, max: 110 };
  it('reads the value under the pointer, thumb centres running half a thumb inside both ends', () => {
    expect(pointerValue(110, rect, range)).toBe(10);
    expect(pointerValue(210, rect, range)).toBe(60);
    expect(pointerValue(310, rect, range)).toBe(110);
    expect(pointerValue(0, rect, range)).toBe(10);
    expect(pointerValue(999, rect, range)).toBe(110);
    expect(pointerValue(212, rect, { ...range, step: 5 })).toBe(60);
  });
  it('moves the nearer thumb, and the one that can go that way outside the range', () => {
    expect(nearerThumb(40, [30, 90])).toBe(0);
    expect(nearerThumb(80, [30, 90])).toBe(1);
    expect(nearerThumb(60, [30, 90])).toBe(0);
    expect(nearerThumb(20, [50, 50])).toBe(0);
    expect(nearerThumb(70, [50, 50])).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { fitInside, mediaSrcSet, servedSize } from './media-sizes.ts';

const url = (size: string) => `/media/1/7/${size}/a.jpg`;

describe('fitInside', () => {
  it('scales down to the tighter side of the box and never enlarges', () => {
    expect(fitInside({ width: 1000, height: 1000 }, { width: 320, height: 240 })).toEqual({
      width: 240,
      height: 240,
    });
    expect(fitInside({ width: 1920, height: 1080 }, { width: 720, height: 576 })).toEqual({
      width: 720,
      height: 405,
    });
    expect(fitInside({ width: 100, height: 50 }, { width: 720, height: 576 })).toEqual({
      width: 100,
      height: 50,
    });
  });
});

describe('mediaSrcSet', () => {
  it('names each size with the width of the file it serves, each width once', () => {
    expect(mediaSrcSet({ width: 1000, height: 1000 }, ['SmallSize', 'MediumSize', 'LargeSize'], url)).toBe(
      '/media/1/7/SmallSize/a.jpg 240w, /media/1/7/MediumSize/a.jpg 576w, /media/1/7/LargeSize/a.jpg 720w',
    );
    expect(mediaSrcSet({ width: 200, height: 100 }, ['SmallSize', 'MediumSize'], url)).toBe(
      '/media/1/7/SmallSize/a.jpg 200w',
    );
  });

  it('declares nothing when the original size is unknown', () => {
    expect(mediaSrcSet({ width: null, height: null }, ['SmallSize'], url)).toBeUndefined();
    expect(servedSize({ width: 0, height: 10 }, 'SmallSize')).toBeNull();
  });
});

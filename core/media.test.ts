import { describe, expect, it } from 'vitest';
import {
  fitInside,
  isCoverSize,
  mediaAtSize,
  mediaById,
  mediaSizeOverrides,
  mediaSrcSet,
  mediaUrl,
  parseSize,
  servedOrBox,
  servedSize,
} from './media.ts';

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

describe('parseSize', () => {
  it('accepts the named sizes in any letter case and returns the canonical name', () => {
    expect(parseSize('MediumSize')).toBe('MediumSize');
    expect(parseSize('thumbnailsize')).toBe('ThumbnailSize');
    expect(parseSize('LOGOSIZE')).toBe('LogoSize');
    expect(parseSize('Original')).toBe('original');
  });

  it('rejects anything else', () => {
    expect(parseSize('HugeSize')).toBeUndefined();
    expect(parseSize('')).toBeUndefined();
    expect(parseSize('720x576')).toBeUndefined();
  });
});

describe('media addresses', () => {
  const row = { id: 7, title: 'Medo', originalName: 'Čokoladni Đir.JPG', extension: 'jpg', hash: 'abc' };

  it('names the file by its original name without diacritics, with the hash last', () => {
    expect(mediaUrl(3, row)).toBe('/media/3/7/MediumSize/cokoladni-dir.jpg/abc');
    expect(mediaUrl(3, { ...row, originalName: '' }, 'SmallSize')).toBe('/media/3/7/SmallSize/medo.jpg/abc');
  });

  it('changes only the size segment', () => {
    expect(mediaAtSize('/media/3/7/MediumSize/large-size.jpg/abc', 'LargeSize')).toBe(
      '/media/3/7/LargeSize/large-size.jpg/abc',
    );
  });

  it('builds an address from the id alone', () => {
    expect(mediaById(3, 9, 'LogoSize', 'Naš logo')).toBe('/media/3/9/LogoSize/Na%C5%A1%20logo.png');
  });

  it('falls back to the size box when the original size is unknown', () => {
    expect(servedOrBox({ width: null, height: null }, 'SmallSize')).toEqual({ width: 320, height: 240 });
    expect(servedOrBox({ width: 100, height: 50 }, 'SmallSize')).toEqual({ width: 100, height: 50 });
  });
});

describe('ShareSize (link previews)', () => {
  it('is always served at 1200×630, whatever the original, cropped to fill it', () => {
    expect(isCoverSize('ShareSize')).toBe(true);
    expect(isCoverSize('LargeSize')).toBe(false);
    for (const original of [
      { width: 400, height: 400 },
      { width: 4000, height: 1000 },
      { width: null, height: null },
    ]) {
      expect(servedSize(original, 'ShareSize')).toEqual({ width: 1200, height: 630 });
      expect(servedOrBox(original, 'ShareSize')).toEqual({ width: 1200, height: 630 });
    }
  });

  it('is reached from any size of an address, and back', () => {
    const share = mediaAtSize('/media/3/7/MediumSize/medo.jpg/abc', 'ShareSize');
    expect(share).toBe('/media/3/7/ShareSize/medo.jpg/abc');
    expect(parseSize('sharesize')).toBe('ShareSize');
    expect(mediaAtSize(share, 'SmallSize')).toBe('/media/3/7/SmallSize/medo.jpg/abc');
  });
});

describe('mediaSizeOverrides', () => {
  it('reads WxH boxes of known sizes and ignores anything else', () => {
    expect(
      mediaSizeOverrides([
        { key: 'SmallSize', value: '400x300', autoResize: true },
        { key: 'LargeSize', value: ' 1600 X 900 ' },
        { key: 'HugeSize', value: '10x10' },
        { key: 'MediumSize', value: '0x10' },
        { key: 'ThumbnailSize', value: '50px' },
        { key: 'LogoSize', value: '9000x10' },
        null,
        'SmallSize',
      ]),
    ).toEqual({ SmallSize: { width: 400, height: 300 }, LargeSize: { width: 1600, height: 900 } });
    expect(mediaSizeOverrides(undefined)).toEqual({});
    expect(mediaSizeOverrides({ SmallSize: '1x1' })).toEqual({});
  });
});

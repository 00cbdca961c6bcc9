import { describe, expect, it } from 'vitest';
import { chooseFormat, imageFormatOf } from './image-format.ts';

describe('chooseFormat', () => {
  it('prefers avif, then webp, then the original format', () => {
    expect(chooseFormat('image/avif,image/webp,*/*', 'jpeg')).toBe('avif');
    expect(chooseFormat('image/webp,image/*;q=0.8', 'png')).toBe('webp');
    expect(chooseFormat('image/png,*/*', 'jpeg')).toBe('jpeg');
    expect(chooseFormat(undefined, 'png')).toBe('png');
  });

  it('ignores types refused with q=0 and does not treat wildcards as avif support', () => {
    expect(chooseFormat('image/avif;q=0, image/webp', 'jpeg')).toBe('webp');
    expect(chooseFormat('image/avif; q=0.0', 'jpeg')).toBe('jpeg');
    expect(chooseFormat('*/*', 'jpeg')).toBe('jpeg');
    expect(chooseFormat('IMAGE/AVIF', 'jpeg')).toBe('avif');
  });

  it('falls back to png for an avif or webp original that the client cannot decode', () => {
    expect(chooseFormat('*/*', 'webp')).toBe('png');
    expect(chooseFormat('image/webp', 'avif')).toBe('webp');
  });
});

describe('imageFormatOf', () => {
  it('maps raster image types and leaves other files alone', () => {
    expect(imageFormatOf('image/jpeg')).toBe('jpeg');
    expect(imageFormatOf('image/PNG')).toBe('png');
    expect(imageFormatOf('image/svg+xml')).toBeUndefined();
    expect(imageFormatOf('application/pdf')).toBeUndefined();
  });
});

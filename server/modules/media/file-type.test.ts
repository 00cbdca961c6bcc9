import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFileType, mayBeAcceptedType } from './file-type.ts';
import { storedZip } from './test-files.ts';

const image = (format: 'png' | 'jpeg' | 'webp' | 'avif') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#0a7' } })
    .toFormat(format)
    .toBuffer();

describe('detectFileType', () => {
  it('recognises the four image formats by their bytes, whatever the name says', async () => {
    expect(detectFileType(await image('png'), 'photo.jpg')).toEqual({
      kind: 'image',
      mime: 'image/png',
      extension: 'png',
    });
    expect(detectFileType(await image('jpeg'), 'x')?.mime).toBe('image/jpeg');
    expect(detectFileType(await image('webp'), 'x.png')?.mime).toBe('image/webp');
    expect(detectFileType(await image('avif'), 'x.png')?.mime).toBe('image/avif');
  });

  it('refuses markup and scripts named as images, and other types', async () => {
    const refused = [
      ['<!doctype html><script>alert(1)</script>', 'cat.png'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.png'],
      ['  \n<html><body>hi</body></html>', 'page.txt'],
      ['alert(document.cookie)', 'photo.png'],
      ['just words', 'notes.md'],
      ['alert(document.cookie) // <script>', 'photo.jpg'],
      ['GIF89a\u0001\u0000', 'anim.gif'],
    ];
    for (const [text, name] of refused)
      expect(detectFileType(Buffer.from(text!), name!), name).toBeUndefined();
    expect(detectFileType(Buffer.from([0x00, 0x01, 0x02, 0xff]), 'blob.bin')).toBeUndefined();
    expect(
      detectFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'x.exe'),
    ).toBeUndefined();
  });

  it('recognises the documents of the specification', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n%%EOF'), 'a.bin')?.extension).toBe('pdf');
    expect(detectFileType(Buffer.from('{\\rtf1\\ansi hello}'), 'a.doc')?.extension).toBe('rtf');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(detectFileType(ole, 'Report.XLS')?.mime).toBe('application/vnd.ms-excel');
    expect(detectFileType(ole, 'a.doc')?.mime).toBe('application/msword');
    expect(detectFileType(Buffer.from('name;qty\nšal;2\n'), 'list.csv')?.mime).toBe('text/csv');
    expect(detectFileType(Buffer.from('bilješka'), 'note.txt')?.mime).toBe('text/plain');
  });

  it('tells Office Open XML, OpenDocument and plain zip files apart by their entries', () => {
    const docx = storedZip([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', '<w:document/>'],
    ]);
    const xlsx = storedZip([
      ['[Content_Types].xml', '<Types/>'],
      ['xl/workbook.xml', '<workbook/>'],
    ]);
    const odt = storedZip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office/>'],
    ]);
    const zip = storedZip([['readme.txt', 'hi']]);
    expect(detectFileType(docx, 'a.zip')?.extension).toBe('docx');
    expect(detectFileType(xlsx, 'a.docx')?.extension).toBe('xlsx');
    expect(detectFileType(odt, 'a.zip')?.extension).toBe('odt');
    expect(detectFileType(zip, 'a.docx')?.extension).toBe('zip');
  });
});

describe('mayBeAcceptedType (the first bytes of a bucket upload)', () => {
  it('lets through the start of every accepted type, even when the rest is not there yet', async () => {
    const png = await image('png');
    expect(mayBeAcceptedType(png.subarray(0, 16), 'a.png', false)).toBe(true);
    expect(mayBeAcceptedType(Buffer.from('%PDF-1.7\n'), 'a.pdf', false)).toBe(true);
    expect(mayBeAcceptedType(storedZip([['word/document.xml', 'x']]).subarray(0, 40), 'a.docx', false)).toBe(
      true,
    );
    // 4096 bytes of text cut inside "č" (two bytes in UTF-8).
    const text = Buffer.from(`${'a'.repeat(4095)}č`, 'utf8').subarray(0, 4096);
    expect(mayBeAcceptedType(text, 'notes.txt', false)).toBe(true);
  });

  it('refuses a start no accepted type has, and judges a complete file as a whole', async () => {
    expect(mayBeAcceptedType(Buffer.from('<svg onload="alert(1)">'), 'logo.png', false)).toBe(false);
    expect(mayBeAcceptedType(Buffer.from('MZ\x90\x00'), 'setup.pdf', false)).toBe(false);
    expect(
      mayBeAcceptedType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'x.exe', false),
    ).toBe(false);
    // Text with markup after its first line: refused once the whole file is known.
    expect(mayBeAcceptedType(Buffer.from('plain\n<script>x</script>'), 'a.txt', true)).toBe(false);
    expect(mayBeAcceptedType(Buffer.from('name;price\nA;1\n'), 'a.csv', true)).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { escapeXml } from '../../../core/xml.ts';
import { media } from '../../modules/media/media.schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';

/**
 * Illustrations for the demo content, drawn as SVG and rendered with sharp at seed time, so that the
 * repository holds no binary files and the seed needs no network. Everything random comes from a
 * generator seeded with the image key: the same spec always gives the same picture.
 */

export type ImageKind = 'cover' | 'photo' | 'portrait' | 'logo' | 'sponsor';

export type ImageSpec = {
  /** Stable name the content data uses to refer to the image. */
  key: string;
  kind: ImageKind;
  /** Stored as the media title; drawn only where a name belongs: logos, sponsor logos, portrait initials. */
  title: string;
  /** Stored as the media description, which doubles as alt text. */
  description?: string;
  palette?: PaletteName;
};

export const palettes = {
  sunrise: { background: '#fdf1e3', shapes: ['#f4a259', '#f25c54', '#8cb369'], ink: '#2e4057' },
  meadow: { background: '#eef6ea', shapes: ['#94c9a9', '#3f8f6b', '#f2c14e'], ink: '#1d3a2f' },
  sky: { background: '#eaf4fb', shapes: ['#8ecae6', '#219ebc', '#ffb703'], ink: '#023047' },
  lavender: { background: '#f4eefa', shapes: ['#c8b6e2', '#7a5ca8', '#f49cbb'], ink: '#2d1e4a' },
  coral: { background: '#fff1ec', shapes: ['#ffb4a2', '#e5989b', '#6d6875'], ink: '#2b2d42' },
  honey: { background: '#fff8e6', shapes: ['#ffd166', '#ef8354', '#4f5d75'], ink: '#2d3142' },
} as const;
export type PaletteName = keyof typeof palettes;
type Palette = (typeof palettes)[PaletteName];

const paletteNames = Object.keys(palettes) as PaletteName[];
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export const imageSizes: Record<ImageKind, { width: number; height: number; format: 'jpeg' | 'png' }> = {
  cover: { width: 1280, height: 720, format: 'jpeg' },
  photo: { width: 960, height: 720, format: 'jpeg' },
  portrait: { width: 600, height: 600, format: 'jpeg' },
  // Twice the specification's 120x60 logo size, for sharp rendering on high-density screens.
  logo: { width: 480, height: 240, format: 'png' },
  sponsor: { width: 400, height: 160, format: 'png' },
};

/** FNV-1a: a stable 32-bit seed from a string. */
export function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
  }
  return hash;
}

/** mulberry32: small, fast and good enough to scatter shapes; returns numbers in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Greedy word wrap by character count; the last kept line gets an ellipsis when text is cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** ASCII file-name slug: Croatian letters lose their marks (đ has none to lose, so it is mapped). */
export function slugify(text: string): string {
  return text
    .replaceAll('đ', 'd')
    .replaceAll('Đ', 'd')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function paletteFor(spec: ImageSpec): Palette {
  return palettes[spec.palette ?? paletteNames[hashSeed(spec.key) % paletteNames.length]!];
}

function text(
  lines: string[],
  at: { x: number; y: number; size: number; fill: string; anchor?: 'start' | 'middle'; weight?: string },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${at.x}" y="${Math.round(at.y + index * at.size * 1.2)}" font-family="${FONT}" font-size="${at.size}" font-weight="${at.weight ?? 'bold'}" text-anchor="${at.anchor ?? 'start'}" fill="${at.fill}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** Soft overlapping circles and a wave: the house style of every content illustration. */
function shapes(
  random: () => number,
  palette: Palette,
  width: number,
  height: number,
  count: number,
): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) {
    const colour = palette.shapes[index % palette.shapes.length];
    const r = Math.round((0.12 + random() * 0.28) * height);
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * height);
    const opacity = (0.35 + random() * 0.45).toFixed(2);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="${opacity}"/>`);
  }
  const base = Math.round(height * (0.72 + random() * 0.12));
  const amplitude = Math.round(height * (0.04 + random() * 0.06));
  const wave = `M0 ${base} C ${Math.round(width * 0.3)} ${base - amplitude * 2}, ${Math.round(width * 0.6)} ${base + amplitude * 2}, ${width} ${base - amplitude} L ${width} ${height} L 0 ${height} Z`;
  parts.push(`<path d="${wave}" fill="${palette.shapes[1]}" opacity="0.55"/>`);
  // Small dots scattered like confetti, a nod to the children's drawings the project is about.
  for (let index = 0; index < 14; index++) {
    const colour = palette.shapes[index % palette.shapes.length];
    const r = Math.round(4 + random() * 10);
    parts.push(
      `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${r}" fill="${colour}"/>`,
    );
  }
  return parts.join('');
}

/** Motifs drawn on a 100 x 100 canvas centred on 0,0; `scene` places and scales one. */
const motifs: ((palette: Palette) => string)[] = [
  // An open book.
  (palette) =>
    [
      `<path d="M-54 -22 Q-26 -34 0 -20 Q26 -34 54 -22 L54 42 Q26 30 0 44 Q-26 30 -54 42 Z" fill="${palette.shapes[1]}"/>`,
      `<path d="M-48 -26 Q-24 -38 0 -24 L0 36 Q-24 24 -48 34 Z" fill="#ffffff"/>`,
      `<path d="M48 -26 Q24 -38 0 -24 L0 36 Q24 24 48 34 Z" fill="#ffffff" opacity="0.9"/>`,
      `<path d="M0 -24 L0 36" stroke="${palette.ink}" stroke-width="2" opacity="0.4"/>`,
      ...[-12, 0, 12].map(
        (y) =>
          `<path d="M-40 ${y - 6} Q-22 ${y - 14} -8 ${y - 4} M8 ${y - 4} Q22 ${y - 14} 40 ${y - 6}" stroke="${palette.ink}" stroke-width="3" stroke-linecap="round" fill="none" opacity="0.3"/>`,
      ),
    ].join(''),
  // A kite on a curling string with bows.
  (palette) =>
    [
      `<path d="M8 30 C 20 48, -6 58, 12 74 S 2 96, 18 108" stroke="${palette.ink}" stroke-width="2.5" fill="none" opacity="0.6"/>`,
      ...[
        [14, 52],
        [8, 82],
      ].map(
        ([x, y]) =>
          `<path d="M${x! - 8} ${y! - 5} L${x! + 8} ${y! + 5} L${x! + 8} ${y! - 5} L${x! - 8} ${y! + 5} Z" fill="${palette.shapes[2]}"/>`,
      ),
      `<path d="M0 -50 L32 -10 L8 30 L-28 -6 Z" fill="${palette.shapes[0]}"/>`,
      `<path d="M0 -50 L8 30 M32 -10 L-28 -6" stroke="#ffffff" stroke-width="3" opacity="0.8"/>`,
    ].join(''),
  // A paper boat.
  (palette) =>
    [
      `<path d="M-4 4 L-4 -46 L34 0 Z" fill="${palette.shapes[0]}"/>`,
      `<path d="M-8 4 L-8 -30 L-34 0 Z" fill="${palette.shapes[2]}"/>`,
      `<path d="M-50 8 L50 8 L34 34 L-34 34 Z" fill="#ffffff"/>`,
      `<path d="M-50 8 L50 8" stroke="${palette.ink}" stroke-width="2" opacity="0.3"/>`,
    ].join(''),
  // A sun over two hills.
  (palette) =>
    [
      ...Array.from({ length: 12 }, (_, index) => {
        const angle = (Math.PI * 2 * index) / 12;
        const [x1, y1, x2, y2] = [26, 26, 40, 40].map((r, i) =>
          (i % 2 === 0 ? Math.cos(angle) * r : Math.sin(angle) * r - 10).toFixed(1),
        );
        return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#ffd166" stroke-width="5" stroke-linecap="round"/>`;
      }),
      `<circle cx="0" cy="-10" r="20" fill="#ffd166"/>`,
      `<path d="M-56 46 Q-24 6 8 46 Z" fill="${palette.shapes[1]}"/>`,
      `<path d="M-12 46 Q22 14 56 46 Z" fill="${palette.shapes[0]}"/>`,
    ].join(''),
  // Three balloons.
  (palette) =>
    [
      ...[
        [-24, -14, 0],
        [2, -30, 1],
        [26, -10, 2],
      ].map(
        ([x, y, colour]) =>
          `<path d="M${x} ${y! + 24} Q${x! - 4} ${y! + 44} 0 56" stroke="${palette.ink}" stroke-width="1.5" fill="none" opacity="0.5"/><ellipse cx="${x}" cy="${y}" rx="19" ry="23" fill="${palette.shapes[colour!]}"/><ellipse cx="${x! - 7}" cy="${y! - 9}" rx="4" ry="7" fill="#ffffff" opacity="0.5"/>`,
      ),
    ].join(''),
  // A sprout in a pot.
  (palette) =>
    [
      `<path d="M0 20 C 0 0, 2 -18, 0 -30" stroke="#3f8f6b" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      `<path d="M0 -8 C -30 -6, -38 -30, -34 -40 C -14 -40, -2 -26, 0 -8 Z" fill="#8cb369"/>`,
      `<path d="M0 -22 C 26 -22, 36 -42, 32 -52 C 12 -52, 0 -40, 0 -22 Z" fill="#94c9a9"/>`,
      `<path d="M-30 16 L30 16 L22 50 L-22 50 Z" fill="${palette.shapes[0]}"/>`,
      `<rect x="-34" y="10" width="68" height="12" rx="4" fill="${palette.shapes[1]}"/>`,
    ].join(''),
];

/**
 * Soft shapes with one motif: the cover of a post, event or page, and the photos of sections. No
 * words: the same picture stands beside the Croatian and the English text.
 */
function sceneSvg(spec: ImageSpec, palette: Palette, width: number, height: number): string {
  const random = createRandom(hashSeed(spec.key));
  const background = shapes(random, palette, width, height, 6);
  const motif = motifs[hashSeed(`${spec.key}:motif`) % motifs.length]!(palette);
  // Right of the middle: hero sections lay their text over the left half, and the 3:2 crop of a
  // card still keeps the whole motif.
  const size = height * (0.5 + random() * 0.1);
  const cx = width * (0.6 + random() * 0.06);
  const cy = height * (0.42 + random() * 0.08);
  const halo = `<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="${Math.round(size * 0.62)}" fill="#ffffff" opacity="0.55"/>`;
  const placed = `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${(size / 100).toFixed(3)})">${motif}</g>`;
  return background + halo + placed;
}

function portraitSvg(spec: ImageSpec, palette: Palette, size: number): string {
  const random = createRandom(hashSeed(spec.key));
  const initials = spec.title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return [
    shapes(random, palette, size, size, 4),
    `<circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.17}" fill="${palette.ink}" opacity="0.85"/>`,
    `<path d="M ${size * 0.2} ${size} Q ${size * 0.2} ${size * 0.6} ${size / 2} ${size * 0.6} Q ${size * 0.8} ${size * 0.6} ${size * 0.8} ${size} Z" fill="${palette.ink}" opacity="0.85"/>`,
    text([initials], {
      x: size / 2,
      y: size * 0.455,
      size: size * 0.13,
      fill: palette.background,
      anchor: 'middle',
    }),
  ].join('');
}

function logoSvg(spec: ImageSpec, palette: Palette, height: number): string {
  const [first = spec.title, ...rest] = spec.title.split(' ');
  const h = (fraction: number) => Math.round(height * fraction);
  return [
    `<circle cx="${h(0.36)}" cy="${h(0.5)}" r="${h(0.3)}" fill="${palette.shapes[0]}"/>`,
    `<circle cx="${h(0.5)}" cy="${h(0.4)}" r="${h(0.17)}" fill="${palette.shapes[1]}" opacity="0.85"/>`,
    // A smile drawn as an open book's lower edge.
    `<path d="M ${h(0.18)} ${h(0.58)} Q ${h(0.36)} ${h(0.8)} ${h(0.54)} ${h(0.58)} L ${h(0.54)} ${h(0.66)} Q ${h(0.36)} ${h(0.88)} ${h(0.18)} ${h(0.66)} Z" fill="${palette.ink}"/>`,
    text([first], { x: h(0.76), y: h(0.5), size: h(0.2), fill: palette.ink }),
    text([rest.join(' ')], { x: h(0.76), y: h(0.72), size: h(0.13), fill: palette.ink, weight: 'normal' }),
  ].join('');
}

function sponsorSvg(spec: ImageSpec, palette: Palette, height: number): string {
  const random = createRandom(hashSeed(spec.key));
  const sides = 3 + Math.floor(random() * 4);
  const r = height * 0.3;
  const cx = height * 0.5;
  const cy = height * 0.5;
  const points = Array.from({ length: sides }, (_, index) => {
    const angle = (Math.PI * 2 * index) / sides - Math.PI / 2;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
  const lines = wrapText(spec.title, 16, 2);
  const size = lines.length > 1 ? 26 : 32;
  return [
    `<polygon points="${points}" fill="${palette.shapes[Math.floor(random() * 3)]}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.35}" fill="#ffffff"/>`,
    text(lines, {
      x: height,
      y: height / 2 + size * 0.35 - ((lines.length - 1) * size * 1.2) / 2,
      size,
      fill: palette.ink,
    }),
  ].join('');
}

/** The SVG source of an image. Pure, so tests can check it without rendering. */
export function illustrationSvg(spec: ImageSpec): string {
  const { width, height } = imageSizes[spec.kind];
  const palette = paletteFor(spec);
  const transparent = spec.kind === 'logo' || spec.kind === 'sponsor';
  let body: string;
  switch (spec.kind) {
    case 'cover':
    case 'photo':
      body = sceneSvg(spec, palette, width, height);
      break;
    case 'portrait':
      body = portraitSvg(spec, palette, width);
      break;
    case 'logo':
      body = logoSvg(spec, palette, height);
      break;
    case 'sponsor':
      body = sponsorSvg(spec, palette, height);
      break;
  }
  const background = transparent
    ? ''
    : `<rect width="${width}" height="${height}" fill="${palette.background}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background}${body}</svg>`;
}

export type RenderedImage = {
  data: Buffer;
  width: number;
  height: number;
  hash: string;
  mime: string;
  extension: string;
};

export async function renderImage(spec: ImageSpec): Promise<RenderedImage> {
  const { width, height, format } = imageSizes[spec.kind];
  const image = sharp(Buffer.from(illustrationSvg(spec)));
  const data =
    format === 'png'
      ? await image.png({ compressionLevel: 9, palette: true }).toBuffer()
      : await image.jpeg({ quality: 80, mozjpeg: false }).toBuffer();
  return {
    data,
    width,
    height,
    hash: createHash('sha256').update(data).digest('hex'),
    mime: format === 'png' ? 'image/png' : 'image/jpeg',
    extension: format === 'png' ? 'png' : 'jpg',
  };
}

/**
 * Renders the images (concurrently: sharp works off the main thread), stores them as
 * `<yyyy>/<hash>.<ext>` and inserts their media rows. Returns media ids by spec key.
 */
export async function storeImages(
  db: Db,
  context: { siteId: number; storage: FileStorage; now: Date },
  specs: ImageSpec[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (specs.length === 0) return ids;
  const folder = String(context.now.getUTCFullYear());
  const rendered = await Promise.all(
    specs.map(async (spec) => {
      const image = await renderImage(spec);
      // Named by the hash of its bytes: writing it again, by another seed, changes nothing.
      await context.storage.put(`${folder}/${image.hash}.${image.extension}`, image.data, {
        contentType: image.mime,
      });
      return image;
    }),
  );
  const rows = await db
    .insert(media)
    .values(
      specs.map((spec, index) => {
        const image = rendered[index]!;
        return {
          siteId: context.siteId,
          path: `${folder}/${image.hash}.${image.extension}`,
          title: spec.title,
          description: spec.description ?? spec.title,
          mime: image.mime,
          extension: image.extension,
          width: image.width,
          height: image.height,
          size: image.data.length,
          hash: image.hash,
          access: 'public' as const,
          originalName: `${slugify(spec.title) || spec.key}.${image.extension}`,
          createdAt: context.now,
        };
      }),
    )
    .returning({ id: media.id });
  specs.forEach((spec, index) => {
    ids.set(spec.key, rows[index]!.id);
  });
  return ids;
}

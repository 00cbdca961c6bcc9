import { escapeXml } from '../../../../core/xml.ts';
import { wrapText } from '../images.ts';
import type { ImageSeed } from './products.ts';

/**
 * SVG illustrations for demo products, drawn from a few shapes so that the seed needs no binary
 * files and no network. Pure: the same input always gives the same SVG.
 */

export type Illustration =
  | ImageSeed
  | { kind: 'tshirt' | 'hoodie'; colour: string; print: string }
  | { kind: 'swatch'; colour: string }
  | { kind: 'category'; colour: string };

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const PAPER = '#f5f1ea';

function rgb(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((start) => Number.parseInt(value.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** Dark text on light colours, white on dark ones (relative luminance, WCAG formula). */
export function textColourOn(hex: string): string {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? '#1f2933' : '#ffffff';
}

/** Mixes a colour towards black (factor < 1) or white (factor > 1). */
export function shade(hex: string, factor: number): string {
  const target = factor < 1 ? 0 : 255;
  const amount = factor < 1 ? 1 - factor : factor - 1;
  return `#${rgb(hex)
    .map((channel) =>
      Math.round(channel + (target - channel) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function textBlock(
  lines: string[],
  options: { x: number; y: number; size: number; fill: string; weight?: string; lineHeight?: number },
): string {
  const lineHeight = options.lineHeight ?? options.size * 1.2;
  return lines
    .map(
      (line, index) =>
        `<text x="${options.x}" y="${options.y + index * lineHeight}" font-family="${FONT}" font-size="${options.size}" font-weight="${options.weight ?? 'bold'}" text-anchor="middle" fill="${options.fill}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** A fake QR pattern: deterministic from the text, clearly not a readable code. */
function qrPattern(text: string, x: number, y: number, cell: number, cells: number, fill: string): string {
  let seed = 2166136261;
  for (const char of text) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  const parts: string[] = [];
  for (let row = 0; row < cells; row++) {
    for (let column = 0; column < cells; column++) {
      seed = Math.imul(seed ^ (seed >>> 15), 2246822519) >>> 0;
      const corner = (row < 3 || row >= cells - 3) && (column < 3 || column >= cells - 3);
      const inCornerMark = corner && !(row >= cells - 3 && column >= cells - 3);
      if (inCornerMark || (!corner && seed % 2 === 0)) {
        parts.push(`<rect x="${x + column * cell}" y="${y + row * cell}" width="${cell}" height="${cell}"/>`);
      }
    }
  }
  return `<g fill="${fill}">${parts.join('')}</g>`;
}

function shadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="#000" opacity="0.12"/>`;
}

function book(colour: string, title: string): string {
  const ink = textColourOn(colour);
  const lines = wrapText(title, 13, 5);
  // A long word would run off the 500 px cover at the usual size.
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(60, Math.floor(480 / (longest * 0.62)));
  return [
    shadow(610, 985, 330),
    `<rect x="862" y="168" width="26" height="784" rx="6" fill="#fffaf0" stroke="#d9d2c3" stroke-width="3"/>`,
    `<rect x="330" y="150" width="540" height="810" rx="14" fill="${colour}"/>`,
    `<rect x="330" y="150" width="44" height="810" rx="10" fill="#000" opacity="0.18"/>`,
    `<circle cx="622" cy="730" r="120" fill="${ink}" opacity="0.16"/>`,
    `<circle cx="690" cy="690" r="60" fill="${ink}" opacity="0.16"/>`,
    textBlock(lines, { x: 622, y: 300, size, fill: ink }),
    textBlock(['Učionica'], { x: 622, y: 915, size: 30, fill: ink, weight: 'normal' }),
  ].join('');
}

function die(x: number, y: number, size: number, pips: number[][]): string {
  const dots = pips
    .map(
      ([px = 0, py = 0]) =>
        `<circle cx="${x + px * size}" cy="${y + py * size}" r="${size / 11}" fill="#222"/>`,
    )
    .join('');
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 6}" fill="#fff" stroke="#ccc" stroke-width="3"/>${dots}`;
}

function game(colour: string, title: string): string {
  const ink = textColourOn(colour);
  return [
    shadow(600, 925, 440),
    `<rect x="180" y="300" width="840" height="600" rx="26" fill="${colour}"/>`,
    `<rect x="180" y="300" width="840" height="80" rx="26" fill="#000" opacity="0.15"/>`,
    textBlock(wrapText(title, 18, 3), { x: 600, y: 500, size: 66, fill: ink }),
    die(250, 700, 140, [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ]),
    die(810, 700, 140, [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ]),
  ].join('');
}

function toy(colour: string, title: string): string {
  const blocks = ['1', '2', '3']
    .map((digit, index) => {
      const fill = shade(colour, 1 + index * 0.18);
      const x = 240 + index * 270;
      return `<rect x="${x}" y="330" width="200" height="200" rx="28" fill="${fill}"/>${textBlock([digit], { x: x + 100, y: 475, size: 130, fill: textColourOn(fill) })}`;
    })
    .join('');
  return [
    shadow(600, 560, 420),
    blocks,
    textBlock(wrapText(title, 22, 3), { x: 600, y: 720, size: 62, fill: '#1f2933' }),
  ].join('');
}

function screen(colour: string, title: string, icon: 'ebook' | 'course'): string {
  const ink = textColourOn(colour);
  const symbol =
    icon === 'course'
      ? `<circle cx="600" cy="480" r="120" fill="${ink}" opacity="0.9"/><path d="M560 415 L560 545 L665 480 Z" fill="${colour}"/>`
      : `<path d="M470 390 Q535 370 595 400 L595 580 Q535 552 470 570 Z M605 400 Q665 370 730 390 L730 570 Q665 552 605 580 Z" fill="${ink}" opacity="0.9"/>`;
  return [
    shadow(600, 1010, 380),
    `<rect x="240" y="200" width="720" height="790" rx="52" fill="#1f2328"/>`,
    `<rect x="280" y="250" width="640" height="660" rx="14" fill="${colour}"/>`,
    symbol,
    textBlock(wrapText(title, 19, 4), { x: 600, y: 690, size: 50, fill: ink }),
    `<circle cx="600" cy="950" r="20" fill="#3a3f45"/>`,
  ].join('');
}

function ticket(colour: string, title: string): string {
  const ink = textColourOn(colour);
  return [
    shadow(600, 880, 460),
    `<rect x="150" y="330" width="900" height="520" rx="30" fill="${colour}"/>`,
    `<circle cx="150" cy="590" r="46" fill="${PAPER}"/><circle cx="1050" cy="590" r="46" fill="${PAPER}"/>`,
    `<line x1="770" y1="360" x2="770" y2="820" stroke="${ink}" stroke-width="6" stroke-dasharray="18 14" opacity="0.6"/>`,
    textBlock(['ULAZNICA · TICKET'], { x: 460, y: 420, size: 32, fill: ink, weight: 'normal' }),
    textBlock(wrapText(title, 16, 4), { x: 460, y: 520, size: 50, fill: ink }),
    `<rect x="810" y="485" width="210" height="210" rx="10" fill="#fff"/>`,
    qrPattern(title, 825, 500, 20, 9, '#111'),
  ].join('');
}

function bundle(colour: string, title: string): string {
  const ribbon = '#ffd166';
  return [
    shadow(600, 930, 400),
    `<rect x="250" y="420" width="700" height="490" rx="14" fill="${colour}"/>`,
    `<rect x="220" y="340" width="760" height="120" rx="14" fill="${shade(colour, 0.82)}"/>`,
    `<rect x="568" y="340" width="64" height="570" fill="${ribbon}"/>`,
    `<ellipse cx="530" cy="300" rx="80" ry="46" fill="${ribbon}" transform="rotate(-20 530 300)"/>`,
    `<ellipse cx="670" cy="300" rx="80" ry="46" fill="${ribbon}" transform="rotate(20 670 300)"/>`,
    `<circle cx="600" cy="320" r="30" fill="${shade(ribbon, 0.85)}"/>`,
    `<rect x="330" y="560" width="540" height="250" rx="22" fill="#fff"/>`,
    textBlock(wrapText(title, 17, 3), { x: 600, y: 650, size: 50, fill: '#1f2933' }),
  ].join('');
}

function garment(kind: 'tshirt' | 'hoodie', colour: string, print: string): string {
  const outline = shade(colour, 0.75);
  const ink = textColourOn(colour);
  if (kind === 'tshirt') {
    return [
      shadow(600, 1030, 330),
      `<path d="M420 200 L300 240 L160 400 L280 490 L340 430 L340 1000 L860 1000 L860 430 L920 490 L1040 400 L900 240 L780 200 Q600 300 420 200 Z" fill="${colour}" stroke="${outline}" stroke-width="8" stroke-linejoin="round"/>`,
      `<path d="M420 200 Q600 300 780 200" fill="none" stroke="${outline}" stroke-width="14"/>`,
      textBlock(wrapText(print, 14, 2), { x: 600, y: 560, size: 62, fill: ink }),
      `<path d="M600 760 C560 710 500 740 520 790 C535 830 600 860 600 860 C600 860 665 830 680 790 C700 740 640 710 600 760 Z" fill="${ink}" opacity="0.85"/>`,
    ].join('');
  }
  return [
    shadow(600, 1050, 360),
    `<path d="M400 260 L260 320 L140 760 L260 790 L350 480 L350 1020 L850 1020 L850 480 L940 790 L1060 760 L940 320 L800 260 Z" fill="${colour}" stroke="${outline}" stroke-width="8" stroke-linejoin="round"/>`,
    `<path d="M420 280 Q600 60 780 280 Q600 370 420 280 Z" fill="${shade(colour, 0.85)}" stroke="${outline}" stroke-width="8"/>`,
    `<line x1="560" y1="330" x2="550" y2="470" stroke="${outline}" stroke-width="8" stroke-linecap="round"/>`,
    `<line x1="640" y1="330" x2="650" y2="470" stroke="${outline}" stroke-width="8" stroke-linecap="round"/>`,
    textBlock(wrapText(print, 14, 2), { x: 600, y: 620, size: 58, fill: ink }),
    `<rect x="450" y="780" width="300" height="160" rx="36" fill="${shade(colour, 0.88)}" stroke="${outline}" stroke-width="6"/>`,
  ].join('');
}

function category(colour: string, title: string): string {
  const ink = textColourOn(colour);
  return [
    `<rect width="1200" height="800" fill="${colour}"/>`,
    `<circle cx="1050" cy="120" r="260" fill="${ink}" opacity="0.10"/>`,
    `<circle cx="140" cy="720" r="200" fill="${ink}" opacity="0.10"/>`,
    `<circle cx="980" cy="640" r="90" fill="${ink}" opacity="0.12"/>`,
    textBlock(wrapText(title, 20, 2), { x: 600, y: 420, size: 86, fill: ink }),
  ].join('');
}

export function illustrationSize(illustration: Illustration): { width: number; height: number } {
  if (illustration.kind === 'swatch') return { width: 120, height: 120 };
  if (illustration.kind === 'category') return { width: 1200, height: 800 };
  return { width: 1200, height: 1200 };
}

export function illustrationSvg(illustration: Illustration, title: string): string {
  const { width, height } = illustrationSize(illustration);
  let body: string;
  switch (illustration.kind) {
    case 'book':
      body = book(illustration.colour, title);
      break;
    case 'game':
      body = game(illustration.colour, title);
      break;
    case 'toy':
      body = toy(illustration.colour, title);
      break;
    case 'screen':
      body = screen(illustration.colour, title, illustration.icon);
      break;
    case 'ticket':
      body = ticket(illustration.colour, title);
      break;
    case 'bundle':
      body = bundle(illustration.colour, title);
      break;
    case 'tshirt':
    case 'hoodie':
      body = garment(illustration.kind, illustration.colour, illustration.print);
      break;
    case 'swatch':
      body = `<circle cx="60" cy="60" r="54" fill="${illustration.colour}" stroke="${shade(illustration.colour, 0.75)}" stroke-width="4"/>`;
      break;
    case 'category':
      body = category(illustration.colour, title);
      break;
  }
  const background = illustration.kind === 'swatch' ? '#ffffff' : PAPER;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${background}"/>${body}</svg>`;
}

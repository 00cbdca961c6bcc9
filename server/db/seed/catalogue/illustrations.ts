import { hashSeed } from '../images.ts';
import type { ImageSeed } from './products.ts';

/**
 * SVG illustrations for demo products, drawn from a few shapes so that the seed needs no binary
 * files and no network. Pure: the same input always gives the same SVG. They carry no words (a
 * title shows as lines of "text"): the same picture stands beside the Croatian and English names.
 */

export type Illustration =
  | ImageSeed
  | { kind: 'tshirt' | 'hoodie'; colour: string; print: string }
  | { kind: 'swatch'; colour: string }
  | { kind: 'category'; colour: string };

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

/**
 * Rounded bars standing in for a title: centred lines whose lengths follow the text, so that
 * different products get different covers without any readable words.
 */
function textLines(
  seedText: string,
  options: { x: number; y: number; width: number; lines: number; thickness: number; fill: string },
): string {
  let seed = hashSeed(seedText);
  const bars: string[] = [];
  for (let line = 0; line < options.lines; line++) {
    seed = Math.imul(seed ^ (seed >>> 13), 2654435761) >>> 0;
    const width = Math.round(
      options.width * (line === options.lines - 1 ? 0.45 : 0.7) +
        ((seed % 1000) / 1000) * options.width * 0.3,
    );
    const y = options.y + line * options.thickness * 1.9;
    bars.push(
      `<rect x="${Math.round(options.x - width / 2)}" y="${Math.round(y)}" width="${width}" height="${options.thickness}" rx="${options.thickness / 2}"/>`,
    );
  }
  return `<g fill="${options.fill}">${bars.join('')}</g>`;
}

/** A small picture for prints and labels, chosen by a text: heart, star, sun or rainbow. */
function emblem(seedText: string, cx: number, cy: number, size: number, fill: string): string {
  const s = size / 100;
  const at = (path: string) => `<g transform="translate(${cx} ${cy}) scale(${s})">${path}</g>`;
  switch (hashSeed(seedText) % 4) {
    case 0:
      return at(
        `<path d="M0 -18 C-14 -44 -52 -34 -46 -6 C-42 16 -12 34 0 46 C12 34 42 16 46 -6 C52 -34 14 -44 0 -18 Z" fill="${fill}"/>`,
      );
    case 1: {
      const points = Array.from({ length: 10 }, (_, index) => {
        const r = index % 2 === 0 ? 50 : 21;
        const angle = (Math.PI * index) / 5 - Math.PI / 2;
        return `${(r * Math.cos(angle)).toFixed(1)},${(r * Math.sin(angle)).toFixed(1)}`;
      }).join(' ');
      return at(`<polygon points="${points}" fill="${fill}" stroke-linejoin="round"/>`);
    }
    case 2:
      return at(
        [
          `<circle r="24" fill="${fill}"/>`,
          ...Array.from({ length: 8 }, (_, index) => {
            const angle = (Math.PI * index) / 4;
            const [x1, y1, x2, y2] = [34, 34, 48, 48].map((r, i) =>
              (i % 2 === 0 ? Math.cos(angle) * r : Math.sin(angle) * r).toFixed(1),
            );
            return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${fill}" stroke-width="8" stroke-linecap="round"/>`;
          }),
        ].join(''),
      );
    default:
      return at(
        [40, 28, 16]
          .map(
            (r, index) =>
              `<path d="M${-r - 6} 24 A${r + 6} ${r + 6} 0 0 1 ${r + 6} 24" fill="none" stroke="${fill}" stroke-width="11" opacity="${1 - index * 0.2}"/>`,
          )
          .join(''),
      );
  }
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
  return [
    shadow(610, 985, 330),
    `<rect x="862" y="168" width="26" height="784" rx="6" fill="#fffaf0" stroke="#d9d2c3" stroke-width="3"/>`,
    `<rect x="330" y="150" width="540" height="810" rx="14" fill="${colour}"/>`,
    `<rect x="330" y="150" width="44" height="810" rx="10" fill="#000" opacity="0.18"/>`,
    `<circle cx="622" cy="660" r="160" fill="${ink}" opacity="0.14"/>`,
    emblem(title, 622, 660, 210, ink),
    textLines(title, {
      x: 622,
      y: 250,
      width: 380,
      lines: 2 + (hashSeed(title) % 2),
      thickness: 34,
      fill: ink,
    }),
    `<rect x="572" y="895" width="100" height="14" rx="7" fill="${ink}" opacity="0.6"/>`,
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
  // Three face-up cards on the lid, as in a memory game.
  const cards = [0, 1, 2]
    .map((index) => {
      const x = 330 + index * 200;
      return `<rect x="${x}" y="430" width="140" height="190" rx="16" fill="#fff" transform="rotate(${(index - 1) * 6} ${x + 70} 525)"/>${emblem(`${title}:${index}`, x + 70, 525, 90, shade(colour, 0.8))}`;
    })
    .join('');
  return [
    shadow(600, 925, 440),
    `<rect x="180" y="300" width="840" height="600" rx="26" fill="${colour}"/>`,
    `<rect x="180" y="300" width="840" height="80" rx="26" fill="#000" opacity="0.15"/>`,
    `<g opacity="${ink === '#ffffff' ? 1 : 0.95}">${cards}</g>`,
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

function toy(colour: string): string {
  // Wooden blocks with one, two and three dots: counting without digits.
  const blocks = [1, 2, 3]
    .map((count, index) => {
      const fill = shade(colour, 1 + index * 0.18);
      const x = 210 + index * 280;
      const y = index === 1 ? 420 : 500;
      const dots = Array.from({ length: count }, (_, dot) => {
        const cx = x + 130 + (dot - (count - 1) / 2) * 70;
        return `<circle cx="${cx}" cy="${y + 130}" r="24" fill="${textColourOn(fill)}"/>`;
      }).join('');
      return `<rect x="${x}" y="${y}" width="260" height="260" rx="34" fill="${fill}"/>${dots}`;
    })
    .join('');
  return [shadow(600, 790, 460), blocks].join('');
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
    textLines(title, { x: 600, y: 660, width: 440, lines: 3, thickness: 30, fill: ink }),
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
    emblem(title, 460, 470, 120, ink),
    textLines(title, { x: 460, y: 590, width: 420, lines: 3, thickness: 28, fill: ink }),
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
    emblem(title, 440, 685, 130, colour),
    textLines(title, { x: 680, y: 630, width: 240, lines: 3, thickness: 26, fill: '#1f2933' }),
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
      emblem(print, 600, 600, 260, ink),
    ].join('');
  }
  return [
    shadow(600, 1050, 360),
    `<path d="M400 260 L260 320 L140 760 L260 790 L350 480 L350 1020 L850 1020 L850 480 L940 790 L1060 760 L940 320 L800 260 Z" fill="${colour}" stroke="${outline}" stroke-width="8" stroke-linejoin="round"/>`,
    `<path d="M420 280 Q600 60 780 280 Q600 370 420 280 Z" fill="${shade(colour, 0.85)}" stroke="${outline}" stroke-width="8"/>`,
    `<line x1="560" y1="330" x2="550" y2="470" stroke="${outline}" stroke-width="8" stroke-linecap="round"/>`,
    `<line x1="640" y1="330" x2="650" y2="470" stroke="${outline}" stroke-width="8" stroke-linecap="round"/>`,
    emblem(print, 600, 620, 200, ink),
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
    `<path d="M0 610 C 300 520, 700 700, 1200 560 L1200 800 L0 800 Z" fill="${ink}" opacity="0.08"/>`,
    `<circle cx="600" cy="380" r="190" fill="${ink}" opacity="0.14"/>`,
    emblem(title, 600, 380, 230, ink),
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
      body = toy(illustration.colour);
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

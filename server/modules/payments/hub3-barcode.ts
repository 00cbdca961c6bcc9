import bwipjs from 'bwip-js/node';
import { type Hub3Payment, hub3Bytes, hub3Data } from '../../../core/hub3.ts';

// The HUB-3A barcode of a bank transfer, drawn by bwip-js (a maintained port of Barcode Writer in
// Pure PostScript). The standard's symbol: PDF417, error correction level 4, 9 data columns, rows
// three modules high; the data as ISO 8859-2 bytes (each Croatian letter one byte).

function options(payment: Hub3Payment) {
  const bytes = hub3Bytes(hub3Data(payment));
  return {
    bcid: 'pdf417',
    // One character per byte: bwip-js encodes a binary text's char codes as the bytes themselves.
    text: String.fromCharCode(...bytes),
    binarytext: true,
    eclevel: 4,
    columns: 9,
    rowmult: 3,
    // The quiet zone scanners need around the symbol (two modules is the minimum; more reads better).
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  };
}

/** The barcode as an SVG document (scales to any print size; the page inlines it or links it). */
export function hub3Svg(payment: Hub3Payment): string {
  return bwipjs.toSVG(options(payment));
}

/** The barcode as a PNG (for e-mails, where SVG is not shown everywhere). */
export function hub3Png(payment: Hub3Payment, scale = 3): Promise<Buffer> {
  return bwipjs.toBuffer({ ...options(payment), scale });
}

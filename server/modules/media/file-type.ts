/**
 * What an uploaded file really is, from its bytes. The declared type and the file name are not
 * trusted: a `.png` that holds HTML, SVG or a script is refused. Images: avif, webp, jpeg, png.
 * Documents (specification 001, section 5): pdf, word, excel, powerpoint, text, csv, rtf, zip and the
 * open-document types. Container formats (OLE2 for doc/xls/ppt, zip for docx/xlsx/pptx/odt/...) are
 * told apart by what they contain; only the choice between the legacy Office kinds, whose containers
 * are identical at the start, and for text (txt, csv), which has no signature, uses the name's extension.
 */

export type FileKind = 'image' | 'document';
export type DetectedType = { kind: FileKind; mime: string; extension: string };

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  Buffer.from(bytes.subarray(start, start + length)).toString('latin1');

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

const legacyOffice: Record<string, DetectedType> = {
  doc: { kind: 'document', mime: 'application/msword', extension: 'doc' },
  xls: { kind: 'document', mime: 'application/vnd.ms-excel', extension: 'xls' },
  ppt: { kind: 'document', mime: 'application/vnd.ms-powerpoint', extension: 'ppt' },
};

const openDocument: Record<string, string> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.graphics': 'odg',
};

const officeOpenXml: [folder: string, type: DetectedType][] = [
  [
    'word/',
    {
      kind: 'document',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    },
  ],
  [
    'xl/',
    {
      kind: 'document',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
    },
  ],
  [
    'ppt/',
    {
      kind: 'document',
      mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      extension: 'pptx',
    },
  ],
];

/** Lower-cased extension of a file name, without the dot. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** File names in a zip's local headers (enough to tell an Office or OpenDocument file from a plain zip). */
function zipEntryNames(bytes: Uint8Array, limit = 200): string[] {
  const names: string[] = [];
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  while (names.length < limit && offset + 30 <= view.length && view.readUInt32LE(offset) === 0x04034b50) {
    const flags = view.readUInt16LE(offset + 6);
    const compressed = view.readUInt32LE(offset + 18);
    const nameLength = view.readUInt16LE(offset + 26);
    const extraLength = view.readUInt16LE(offset + 28);
    names.push(view.toString('utf8', offset + 30, offset + 30 + nameLength));
    // With a data descriptor the size is only known after the data; the central directory has it.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressed;
  }
  // Central directory entries list every name, whatever the local headers allowed us to walk.
  const CENTRAL = 0x02014b50;
  let central = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  while (central >= 0 && central + 46 <= view.length && view.readUInt32LE(central) === CENTRAL) {
    if (names.length >= limit * 2) break;
    const nameLength = view.readUInt16LE(central + 28);
    const extraLength = view.readUInt16LE(central + 30);
    const commentLength = view.readUInt16LE(central + 32);
    names.push(view.toString('utf8', central + 46, central + 46 + nameLength));
    central += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function zipType(bytes: Uint8Array): DetectedType {
  // OpenDocument: the first entry is an uncompressed "mimetype" holding the type.
  if (ascii(bytes, 30, 8) === 'mimetype') {
    const stored = ascii(bytes, 38, 60).replace(/[^a-z0-9./+-].*$/s, '');
    for (const [mime, extension] of Object.entries(openDocument))
      if (stored.startsWith(mime)) return { kind: 'document', mime, extension };
  }
  const names = zipEntryNames(bytes);
  if (names.includes('[Content_Types].xml'))
    for (const [folder, type] of officeOpenXml)
      if (names.some((name) => name.startsWith(folder))) return type;
  return { kind: 'document', mime: 'application/zip', extension: 'zip' };
}

/**
 * Plain text (txt, csv): valid UTF-8 without NUL or other control characters, and not markup, which
 * a browser could be talked into running.
 */
function textType(bytes: Uint8Array, name: string): DetectedType | undefined {
  // Text has no signature: only a text name says text was meant (a script named photo.png is refused).
  const extension = extensionOf(name);
  if (extension !== 'txt' && extension !== 'csv') return undefined;
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return undefined;
  const start = text.replace(/^\ufeff/, '').trimStart();
  if (start.startsWith('<') || /<\s*(script|svg|html|iframe|object|embed)\b/i.test(text)) return undefined;
  return extension === 'csv'
    ? { kind: 'document', mime: 'text/csv', extension: 'csv' }
    : { kind: 'document', mime: 'text/plain', extension: 'txt' };
}

/**
 * The type of a file from its first bytes (the whole file for zip and text files), or undefined when
 * it is none of the accepted types.
 */
export function detectFileType(bytes: Uint8Array, name: string): DetectedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png', extension: 'png' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return { kind: 'image', mime: 'image/webp', extension: 'webp' };
  if (ascii(bytes, 4, 4) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 4)))
    return { kind: 'image', mime: 'image/avif', extension: 'avif' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { kind: 'document', mime: 'application/pdf', extension: 'pdf' };
  if (ascii(bytes, 0, 5) === '{\\rtf') return { kind: 'document', mime: 'application/rtf', extension: 'rtf' };
  if (startsWith(bytes, OLE2)) return legacyOffice[extensionOf(name)];
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) return zipType(bytes);
  return textType(bytes, name);
}

/**
 * Whether a file starting with these bytes can be one of the accepted types: a quick refusal before a
 * large object is read whole (bucket uploads). `complete` says the bytes are the whole file. True is
 * not acceptance: the whole file still goes through detectFileType.
 */
export function mayBeAcceptedType(start: Uint8Array, name: string, complete: boolean): boolean {
  if (complete) return detectFileType(start, name) !== undefined;
  if (startsWith(start, OLE2)) return legacyOffice[extensionOf(name)] !== undefined;
  if (startsWith(start, ZIP) || startsWith(start, EMPTY_ZIP)) return true;
  if (detectFileType(start, name)) return true;
  // Text cut inside a multi-byte character: drop the partial character before checking the rest.
  for (let cut = 1; cut <= 3 && cut < start.length; cut++)
    if (detectFileType(start.subarray(0, start.length - cut), name)) return true;
  return false;
}

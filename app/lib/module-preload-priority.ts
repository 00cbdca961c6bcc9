import { Transform, type TransformCallback } from 'node:stream';

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from('</head>');

function lowerAll(head: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = head.indexOf(PRELOAD); at !== -1; at = head.indexOf(PRELOAD, from)) {
    parts.push(head.subarray(from, at), LOW_PRIORITY_PRELOAD);
    from = at + PRELOAD.length;
  }
  if (from === 0) return head;
  parts.push(head.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Marks the document head's module preloads (React Router's `<Scripts>` renders them, React hoists
 * them into the head, and offers no way to set their priority) `fetchpriority="low"`, so that on a
 * slow connection the stylesheet, fonts and the largest image get the bandwidth before the scripts
 * that only hydrate a page already shown (docs/decisions/0122-script-priority.md). Everything from
 * `</head>` on passes through untouched. `final` runs when the document has been written.
 */
export function lowPriorityModulePreloads(final?: (callback: (error?: Error | null) => void) => void) {
  let carry = Buffer.alloc(0);
  let inHead = true;
  return new Transform({
    final,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!inHead) return callback(null, chunk);
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const headEnd = data.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        carry = Buffer.alloc(0);
        return callback(null, Buffer.concat([lowerAll(data.subarray(0, headEnd)), data.subarray(headEnd)]));
      }
      // The last bytes may begin a preload that the next chunk completes: they wait for it.
      const lastPreload = data.lastIndexOf(PRELOAD);
      const keep = Math.max(
        lastPreload === -1 ? 0 : lastPreload + PRELOAD.length,
        data.length - (PRELOAD.length - 1),
      );
      carry = Buffer.from(data.subarray(keep));
      callback(null, lowerAll(data.subarray(0, keep)));
    },
    flush(callback: TransformCallback) {
      callback(null, carry.length > 0 ? carry : undefined);
    },
  });
}

/** The parts of a layout element that hold what an editor changes, in the order the screen shows them. */
export const elementParts = ['meta', 'mobileMeta', 'options', 'mobileOptions', 'parts'] as const;
export type ElementPart = (typeof elementParts)[number];
export type ElementContent = Record<ElementPart, Record<string, unknown>>;

/**
 * One editable value of an element: texts and switches. Numbers (media ids) and the shape of the
 * element (which keys and list entries exist) are kept as they are: the screen edits texts, not
 * structure. `name` is the form field's name: the part, then the keys and list positions.
 */
export type ElementField = {
  name: string;
  part: ElementPart;
  /** Keys and list positions below the part. */
  path: (string | number)[];
  kind: 'text' | 'longText' | 'html' | 'switch';
  value: string | boolean;
};

const LONG_TEXT = 80;
const looksLikeHtml = (value: string) => /^\s*<[a-z][\s\S]*>\s*$/i.test(value);
// A key with a dot would make the field name ambiguous; such a value is left out of the form.
const plainKey = (key: string) => key.length > 0 && !key.includes('.');

function collect(part: ElementPart, value: unknown, path: (string | number)[], out: ElementField[]) {
  if (typeof value === 'string' || typeof value === 'boolean') {
    const kind =
      typeof value === 'boolean'
        ? 'switch'
        : looksLikeHtml(value)
          ? 'html'
          : value.length > LONG_TEXT || value.includes('\n')
            ? 'longText'
            : 'text';
    out.push({ name: [part, ...path].join('.'), part, path, kind, value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collect(part, item, [...path, index], out);
    });
    return;
  }
  if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (plainKey(key)) collect(part, item, [...path, key], out);
}

/** Every text and switch of an element, part by part. */
export function elementFields(element: ElementContent): ElementField[] {
  const out: ElementField[] = [];
  for (const part of elementParts) collect(part, element[part] ?? {}, [], out);
  return out;
}

function setAt(target: unknown, path: (string | number)[], value: unknown) {
  let node = target as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

/**
 * The element's parts with the posted values put in place of its texts and switches. A text the form
 * does not carry keeps its value; a switch the form does not carry is off (an unticked checkbox sends
 * nothing). Only parts that changed are returned, so a save touches nothing else.
 */
export function applyElementForm(
  element: ElementContent,
  read: (name: string) => string | null,
): Partial<ElementContent> {
  const changed: Partial<ElementContent> = {};
  for (const part of elementParts) {
    const copy = structuredClone(element[part] ?? {});
    let touched = false;
    const fields: ElementField[] = [];
    collect(part, copy, [], fields);
    for (const field of fields) {
      const posted = read(field.name);
      const next = field.kind === 'switch' ? posted === 'true' : (posted ?? field.value);
      if (next !== field.value) {
        setAt(copy, field.path, next);
        touched = true;
      }
    }
    if (touched) changed[part] = copy;
  }
  return changed;
}

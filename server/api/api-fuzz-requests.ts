import fc from 'fast-check';

/**
 * Malformed requests for every operation of an OpenAPI 3.1 document, for the API fuzz suite. Nothing
 * here knows a route: operations, parameters and body schemas come from the document the app serves,
 * so an API added later is fuzzed without writing anything new.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
};

type ParameterObject = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type OperationObject = {
  'x-writes'?: boolean;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: string;
  /** The path template as documented, e.g. /v1/cms/term/get/{slug}. */
  path: string;
  /** Methods the document lists for this path (upper case). */
  allowedMethods: string[];
  query: ParameterObject[];
  pathParams: ParameterObject[];
  body?: JsonSchema;
  /** PUT, PATCH, DELETE and the POSTs marked `x-writes`: the only operations that may change data. */
  writes: boolean;
};

/** What the suite sends; `chunked` streams the body without a Content-Length. */
export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: { text: string; chunked?: boolean };
  /** Whether a success may have changed data (the operation's own method on a write operation). */
  writes: boolean;
};

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
export const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The spec's context headers, which every operation reads (the document lists them in its description). */
export const CONTEXT_HEADERS = [
  'language',
  'storeId',
  'siteId',
  'apiKey',
  'accessToken',
  'authorization',
  'accept-language',
];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined) => resolveRefs(schema, document);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const allowedMethods = HTTP_METHODS.filter((method) => item[method]).map((m) => m.toUpperCase());
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        allowedMethods,
        query: parameters.filter((p) => p.in === 'query'),
        pathParams: parameters.filter((p) => p.in === 'path'),
        body: body ? resolve(body) : undefined,
        writes: ['PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()) || operation['x-writes'] === true,
      });
    }
  }
  return operations;
}

function resolveRefs(schema: JsonSchema | undefined, document: OpenApiDocument, depth = 0): JsonSchema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolveRefs(document.components?.schemas?.[name], document, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolveRefs(value, document, depth + 1)]),
    );
  if (schema.items) out.items = resolveRefs(schema.items, document, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (schema[key]) out[key] = schema[key]!.map((branch) => resolveRefs(branch, document, depth + 1));
  return out;
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A plausible valid value: required properties only, smallest allowed numbers, enum's first value. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return sampleOf(branches.find((b) => !typesOf(b).includes('null')) ?? branches[0]!);
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((branch) => sampleOf(branch) as object));
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

/** Every property path of a body schema (objects, and the first item of arrays), at most a few deep. */
export function bodySlots(
  schema: JsonSchema | undefined,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  if (!schema || prefix.length >= 4) return [];
  const slots: (string | number)[][] = [];
  const branches = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const branch of branches) {
    for (const [key, child] of Object.entries(branch.properties ?? {})) {
      slots.push([...prefix, key]);
      slots.push(...bodySlots(child, [...prefix, key]));
    }
    if (branch.items) {
      slots.push([...prefix, 0]);
      slots.push(...bodySlots(branch.items, [...prefix, 0]));
    }
  }
  return [...new Map(slots.map((slot) => [JSON.stringify(slot), slot])).values()];
}

/** Sets (or with `undefined`, removes) the value at a path, creating the objects and arrays on the way. */
export function withValueAt(base: unknown, slot: (string | number)[], value: unknown): unknown {
  if (slot.length === 0) return value;
  const [head, ...rest] = slot;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const record =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  const next = withValueAt(record[head!], rest, value);
  if (next === undefined) delete record[head!];
  else record[head!] = next;
  return record;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

export const INT32_EDGES = [2147483647, 2147483648, -2147483648, -2147483649, 9999999999, 4294967296];
export const HUGE_NUMBERS = [1e308, -1e308, 1e21, Number.MAX_SAFE_INTEGER + 2, 0, -1, 1.5, 1e-7];
export const NUMERIC_STRINGS = [
  '2147483648',
  '-2147483649',
  '9999999999',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1.5',
  ' 1',
  '',
  '9'.repeat(400),
];
/** Every C0 control character, DEL and a few other troublesome code points. */
export const CONTROL_STRINGS = [
  ...Array.from({ length: 32 }, (_, code) => `a${String.fromCharCode(code)}b`),
  '\u0000',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\uffff',
];
export const TRAVERSAL_STRINGS = [
  '../',
  '../../../etc/passwd',
  '..%2f..%2f',
  '%2e%2e%2f',
  '%2e%2e/',
  '..\\..\\',
  '%00',
  '%2500',
  '%252e%252e%252f',
  '%',
  '%zz',
  '.',
  '..',
  '//',
];
export const INJECTION_STRINGS = [
  "'",
  '"',
  "' OR '1'='1",
  '\\',
  '%_',
  '$1',
  '{{7*7}}',
  '<script>alert(1)</script>',
];
export const LONG_STRING = 'x'.repeat(100_000);
export const LONG_STRING_WITH_NUL = `${'y'.repeat(50_000)}\u0000${'y'.repeat(50_000)}`;

/**
 * The longest a URL or header value gets: Node refuses a request head over 16 KiB itself, so a
 * 100 kB query value never reaches the app.
 */
export const LONG_HEAD_STRING = 'z'.repeat(10_000);

const shortNastyString = fc.oneof(
  fc.constantFrom(...CONTROL_STRINGS, ...TRAVERSAL_STRINGS, ...NUMERIC_STRINGS, ...INJECTION_STRINGS),
  fc.string({
    unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
    maxLength: 8,
  }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

/** Text for JSON bodies, up to 100 kB. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  shortNastyString,
  fc.constantFrom(LONG_STRING, LONG_STRING_WITH_NUL),
);

/** Text for a query, a path or a header. */
export const nastyHeadString: fc.Arbitrary<string> = fc.oneof(
  shortNastyString,
  fc.constant(LONG_HEAD_STRING),
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...INT32_EDGES, ...HUGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number),
);

export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [[]], { '': null }),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

export const INVALID_JSON_TEXTS = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,]',
  'nul',
  'undefined',
  'NaN',
  '{"a":1}}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\u0000',
  '{"a":"\\ud800"}',
  '[[[[[[[[[[',
];

const bodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INVALID_JSON_TEXTS),
  fc.string({ maxLength: 60 }),
  nastyJson.map((value) => JSON.stringify(value) ?? 'null'),
);

/** A header value the Fetch API accepts (no NUL, CR or LF; bytes only): the rest still goes through. */
export function headerSafe(value: string): string {
  return Array.from(value, (char) => {
    if (char === '\0' || char === '\r' || char === '\n') return '\u0001';
    return char.codePointAt(0)! > 0xff ? '?' : char;
  }).join('');
}

// ---------------------------------------------------------------------------------------------
// Requests

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/**
 * What may stand unencoded in a request target (RFC 3986: unreserved, reserved and "%"); Node's own
 * parser answers anything else (a backslash, a brace) before the app sees it.
 */
const WIRE_SAFE = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]$/;

/** Percent-encodes every character outside `keep` as UTF-8 (a lone surrogate becomes U+FFFD). */
export function percentEncode(value: string, keep: RegExp = UNRESERVED): string {
  let out = '';
  for (const char of value) {
    if (keep.test(char)) out += char;
    else
      for (const byte of new TextEncoder().encode(char))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export type RequestParts = {
  method?: string;
  query?: Record<string, string>;
  /** Query values sent without encoding (only what HTTP cannot carry is encoded), so %00 reaches the server as NUL. */
  rawQuery?: Record<string, string>;
  pathParams?: Record<string, string>;
  /** Path parameter values inserted without encoding. */
  rawPath?: boolean;
  headers?: Record<string, string>;
  body?: { text: string; chunked?: boolean } | null;
  contentType?: string | null;
};

export function baseQuery(operation: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of operation.query) if (p.required) query[p.name] = String(sampleOf(p.schema ?? {}));
  return query;
}

export function basePathParams(operation: Operation): Record<string, string> {
  return Object.fromEntries(operation.pathParams.map((p) => [p.name, String(sampleOf(p.schema ?? {}))]));
}

export const baseBody = (operation: Operation) => (operation.body ? sampleOf(operation.body) : undefined);

export function buildRequest(
  apiBase: string,
  operation: Operation,
  label: string,
  parts: RequestParts = {},
): FuzzRequest {
  const params = { ...basePathParams(operation), ...parts.pathParams };
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    percentEncode(params[name] ?? '', parts.rawPath ? WIRE_SAFE : UNRESERVED),
  );
  const pairs = (values: Record<string, string>, keep: RegExp) =>
    Object.entries(values).map(([name, value]) => `${percentEncode(name)}=${percentEncode(value, keep)}`);
  const query = [
    ...pairs(parts.query ?? baseQuery(operation), UNRESERVED),
    ...pairs(parts.rawQuery ?? {}, WIRE_SAFE),
  ].join('&');
  const headers: Record<string, string> = { ...parts.headers };
  let body: FuzzRequest['body'];
  if (parts.body !== null) {
    if (parts.body) body = parts.body;
    else if (operation.body) body = { text: JSON.stringify(baseBody(operation)) };
  }
  const contentType = parts.contentType === undefined ? 'application/json' : parts.contentType;
  if (body && contentType) headers['content-type'] = contentType;
  const method = parts.method ?? operation.method;
  return {
    label,
    method,
    writes: operation.writes && method === operation.method,
    url: `${apiBase}${path}${query ? `?${query}` : ''}`,
    headers,
    body,
  };
}

/** Field-level and structural malformations of one operation, as fast-check draws them. */
export function fuzzRequestArbitrary(apiBase: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const build = (label: string, parts: RequestParts) => buildRequest(apiBase, operation, label, parts);
  const choices: fc.Arbitrary<FuzzRequest>[] = [];

  const headerCase = fc
    .record({
      name: fc.constantFrom(...CONTEXT_HEADERS, 'host'),
      value: fc.oneof(nastyHeadString, nastyNumber.map(String)),
    })
    .map(({ name, value }) => build(`header ${name}`, { headers: { [name]: headerSafe(value) } }));
  choices.push(headerCase);

  const queryNames = [...operation.query.map((p) => p.name), 'extra'];
  choices.push(
    fc
      .record({
        name: fc.constantFrom(...queryNames),
        value: fc.oneof(nastyHeadString, nastyNumber.map(String)),
        raw: fc.boolean(),
        drop: fc.boolean(),
      })
      .map(({ name, value, raw, drop }) => {
        const query = baseQuery(operation);
        if (drop) {
          delete query[name];
          return build(`query without ${name}`, { query });
        }
        if (raw) {
          delete query[name];
          return build(`query ${name} (raw)`, { query, rawQuery: { [name]: value } });
        }
        return build(`query ${name}`, { query: { ...query, [name]: value } });
      }),
  );
  // A repeated parameter arrives as an array in some frameworks.
  if (operation.query.length > 0)
    choices.push(
      fc.constantFrom(...operation.query.map((p) => p.name)).map((name) => {
        const query = baseQuery(operation);
        delete query[name];
        return build(`query ${name} twice`, { query, rawQuery: { [name]: `1&${name}=2` } });
      }),
    );

  if (operation.pathParams.length > 0)
    choices.push(
      fc
        .record({
          name: fc.constantFrom(...operation.pathParams.map((p) => p.name)),
          value: fc.oneof(nastyHeadString, nastyNumber.map(String)),
          raw: fc.boolean(),
        })
        .map(({ name, value, raw }) =>
          build(`path ${name}${raw ? ' (raw)' : ''}`, { pathParams: { [name]: value }, rawPath: raw }),
        ),
    );

  if (operation.body) {
    const schema = operation.body;
    const slots = bodySlots(schema);
    const base = sampleOf(schema);
    if (slots.length > 0)
      choices.push(
        fc
          .record({
            slot: fc.constantFrom(...slots),
            kind: fc.constantFrom('replace', 'delete'),
            value: nastyJson,
          })
          .map(({ slot, kind, value }) =>
            build(`body ${kind} ${slot.join('.')}`, {
              body: { text: JSON.stringify(withValueAt(base, slot, kind === 'delete' ? undefined : value)) },
            }),
          ),
      );
    choices.push(
      fc
        .record({
          key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor')),
          value: nastyJson,
        })
        .map(({ key, value }) => {
          // A computed key makes even __proto__ an own property, so that it is serialised.
          const extended = { ...(base as Record<string, unknown>), [key]: value };
          return build(`body extra field ${JSON.stringify(key)}`, {
            body: { text: JSON.stringify(extended) },
          });
        }),
    );
    choices.push(
      fc
        .record({
          text: bodyText,
          chunked: fc.boolean(),
          contentType: fc.constantFrom(
            'application/json',
            'text/plain',
            'application/json; charset=latin1',
            null,
          ),
        })
        .map(({ text, chunked, contentType }) =>
          build(`body text${chunked ? ' (chunked)' : ''}`, { body: { text, chunked }, contentType }),
        ),
    );
  }
  return fc.oneof(...choices);
}

// ---------------------------------------------------------------------------------------------
// Fixed cases: the same for every run, so that each kind of malformation is tried on every operation

/** Every method the path does not list (HEAD counts as listed with GET), plus a CORS preflight. */
export function wrongMethodCases(apiBase: string, operation: Operation): FuzzRequest[] {
  const allowed = new Set(operation.allowedMethods);
  if (allowed.has('GET')) allowed.add('HEAD');
  const cases = ALL_METHODS.filter((method) => !allowed.has(method)).map((method) =>
    buildRequest(apiBase, operation, `method ${method} without a body`, { method, body: null }),
  );
  cases.push(
    buildRequest(apiBase, operation, 'CORS preflight from another origin', {
      method: 'OPTIONS',
      body: null,
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': operation.method,
        'access-control-request-headers': 'content-type, language',
      },
    }),
  );
  return cases;
}

/** How a body arrives: none, empty, chunked, too large, not JSON, JSON of the wrong shape. */
export function bodyTransportCases(apiBase: string, operation: Operation, bodyLimit: number): FuzzRequest[] {
  const build = (label: string, parts: RequestParts) => buildRequest(apiBase, operation, label, parts);
  const valid = JSON.stringify(baseBody(operation) ?? {});
  const oversized = JSON.stringify({ filler: 'x'.repeat(bodyLimit + 1) });
  if (['GET', 'HEAD'].includes(operation.method))
    return [
      build('GET with a body', { body: { text: '{"a":1}' } }),
      build('GET with a chunked body', { body: { text: '{"a":1}', chunked: true } }),
      build('GET with a chunked body over the limit', { body: { text: oversized, chunked: true } }),
    ];
  return [
    build('no body, no length', { body: null }),
    build('no body, JSON content type', { body: null, headers: { 'content-type': 'application/json' } }),
    build('empty body', { body: { text: '' } }),
    build('chunked valid body', { body: { text: valid, chunked: true } }),
    build('chunked invalid JSON', { body: { text: '{"a":', chunked: true } }),
    build('chunked body over the limit', { body: { text: oversized, chunked: true } }),
    build('body over the limit', { body: { text: oversized } }),
    build('valid JSON as text/plain', { body: { text: valid }, contentType: 'text/plain' }),
    build('valid JSON as a form', {
      body: { text: valid },
      contentType: 'application/x-www-form-urlencoded',
    }),
    build('valid JSON without content type', { body: { text: valid }, contentType: null }),
    // A few of each kind; the random runs draw from all of them.
    ...['{', "{'a':1}", '\u0000', '\ufeff{}', '{"a":"\\ud800"}'].map((text) =>
      build(`invalid JSON ${JSON.stringify(text)}`, { body: { text } }),
    ),
    ...['null', '[]', '"text"', '0', JSON.stringify(LONG_STRING)].map((text) =>
      build(`JSON ${text.slice(0, 12)} as the body`, { body: { text } }),
    ),
  ];
}

const BODY_VALUES: unknown[] = [
  '\u0000',
  'a\u0001b',
  LONG_STRING,
  2147483648,
  -2147483649,
  1e308,
  1.5,
  null,
  [],
  {},
];
/** Sent unencoded, so that %00 arrives as NUL; the dot segments go encoded too, or they leave the route. */
const PARAMETER_VALUES = [
  '%00',
  '%01%1F%7F',
  '2147483648',
  '-2147483649',
  '1e308',
  'NaN',
  '',
  '../',
  '%2e%2e%2f',
  LONG_HEAD_STRING,
];
const ENCODED_PARAMETER_VALUES = ['../', '..'];
/** Only what a Fetch header may hold: NUL, CR and LF never reach an application. */
const HEADER_VALUES = ['\u0001\u001f\u007f', '2147483648', '-2147483649', LONG_HEAD_STRING];
const HEADERS_WITH_FIXED_CASES = ['language', 'storeId', 'siteId', 'apiKey'];

/** Every field of the query, path, context headers and body, set to each hostile value in turn. */
export function malformedValueCases(apiBase: string, operation: Operation): FuzzRequest[] {
  const build = (label: string, parts: RequestParts) => buildRequest(apiBase, operation, label, parts);
  const cases: FuzzRequest[] = [];
  for (const parameter of operation.query) {
    const others = baseQuery(operation);
    delete others[parameter.name];
    for (const value of PARAMETER_VALUES)
      cases.push(
        build(`query ${parameter.name}=${value.slice(0, 20)}`, {
          query: others,
          rawQuery: { [parameter.name]: value },
        }),
      );
    if (parameter.required) cases.push(build(`query without ${parameter.name}`, { query: others }));
  }
  cases.push(build('unknown query parameter', { rawQuery: { extra: '%00' } }));
  for (const parameter of operation.pathParams) {
    for (const value of PARAMETER_VALUES)
      cases.push(
        build(`path ${parameter.name}=${value.slice(0, 20)}`, {
          pathParams: { [parameter.name]: value },
          rawPath: true,
        }),
      );
    for (const value of ENCODED_PARAMETER_VALUES)
      cases.push(
        build(`path ${parameter.name}=${value} (encoded)`, { pathParams: { [parameter.name]: value } }),
      );
  }
  for (const name of HEADERS_WITH_FIXED_CASES)
    for (const value of HEADER_VALUES)
      cases.push(
        build(`header ${name}: ${JSON.stringify(value.slice(0, 20))}`, { headers: { [name]: value } }),
      );
  if (operation.body) {
    const base = baseBody(operation);
    for (const slot of bodySlots(operation.body)) {
      const field = slot.join('.');
      for (const value of BODY_VALUES)
        cases.push(
          build(`body ${field}=${JSON.stringify(value)?.slice(0, 20)}`, {
            body: { text: JSON.stringify(withValueAt(base, slot, value)) },
          }),
        );
      cases.push(
        build(`body without ${field}`, {
          body: { text: JSON.stringify(withValueAt(base, slot, undefined)) },
        }),
      );
    }
    cases.push(
      build('body with an extra field', {
        body: {
          text: JSON.stringify({ ...(base as object), extra: '\u0000', ['__proto__']: { polluted: true } }),
        },
      }),
    );
  }
  return cases;
}

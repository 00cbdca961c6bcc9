type Operation = { summary?: string; tags?: string[] };
type OpenApiDocument = { info: { title: string; version: string; description?: string }; paths?: object };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A readable, self-contained list of the API (no scripts from elsewhere), linking to the JSON document. */
export function renderApiDocsPage(document: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths ?? {}) as [string, object][]) {
    for (const [method, operation] of Object.entries(operations as Record<string, Operation>)) {
      const tag = operation.tags?.[0] ?? 'other';
      const row =
        `<tr><td><code class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</code></td>` +
        `<td><code>/api${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? '')}</td></tr>`;
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  }
  const sections = [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, rows]) => `<h2>${escapeHtml(tag)}</h2><table>${rows.join('')}</table>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)} — reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}td{border-bottom:1px solid #e5e7eb;padding:.35rem .5rem;vertical-align:top}
.m{font-weight:700}.get{color:#047857}.post{color:#1d4ed8}.put,.patch{color:#b45309}.delete{color:#b91c1c}</style></head>
<body><h1>${escapeHtml(document.info.title)} <small>v${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? '')}</p><p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p>${sections}</body></html>`;
}

import type { stacOpenApi } from './stac-openapi';

/**
 * The landing page's `service-doc`: the STAC API's OpenAPI description as a plain HTML page
 * (no script: the site's content security policy allows none inline), for a person who opens
 * the API in a browser or follows the link from QGIS.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema?: { enum?: unknown[]; maximum?: number; default?: unknown };
}

export function stacDocPage(api: ReturnType<typeof stacOpenApi>, conformsTo: string[]): string {
  const server = api.servers[0]!.url;
  const params = api.components.parameters as Record<string, Parameter>;
  const rows: string[] = [];
  for (const [path, operations] of Object.entries(api.paths)) {
    for (const [method, op] of Object.entries(
      operations as Record<string, { summary: string; parameters?: { $ref: string }[] }>,
    )) {
      const list = (op.parameters ?? [])
        .map((r) => params[r.$ref.split('/').pop()!]!)
        .filter((p) => p.in === 'query')
        .map(
          (p) =>
            `<code>${escapeHtml(p.name)}</code>${p.description ? ` – ${escapeHtml(p.description)}` : ''}`,
        )
        .join('<br>');
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><a href="${escapeHtml(server + path)}"><code>${escapeHtml(path)}</code></a></td><td>${escapeHtml(op.summary)}</td><td>${list}</td></tr>`,
      );
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(api.info.title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2em;max-width:70em}td{vertical-align:top;padding:.3em .6em;border-top:1px solid #ddd}code{font-size:13px}</style>
</head><body>
<h1>${escapeHtml(api.info.title)}</h1>
<p>${escapeHtml(api.info.description)}</p>
<p>Base URL: <code>${escapeHtml(server)}</code> · OpenAPI 3.0: <a href="${escapeHtml(server)}/api"><code>${escapeHtml(server)}/api</code></a> · Queryables: <a href="${escapeHtml(server)}/queryables"><code>/queryables</code></a></p>
<p>Open it in QGIS as OGC API - Features (<em>Layer › Add WFS / OGC API - Features Layer</em>), with GDAL as <code>ogrinfo "OAPIF:${escapeHtml(server)}"</code>, or with pystac-client as <code>Client.open("${escapeHtml(server)}")</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What</th><th>Query parameters</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
<h2>Conformance</h2>
<ul>${conformsTo.map((c) => `<li><code>${escapeHtml(c)}</code></li>`).join('')}</ul>
</body></html>
`;
}

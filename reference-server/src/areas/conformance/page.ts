// The conformance report as a page: one section per client, one row per shape with its rule and fix.
import { html } from 'hono/html';
import type { ConformanceClient, ConformanceReport } from '../../../../widget/src/protocol/conformance.ts';

/** `3 answered 2xx, 1 answered 4xx`: shown for every client, so a failing one never reads as fine. */
const statusLine = (client: ConformanceClient) =>
  Object.entries(client.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} answered ${status}`)
    .join(', ');

/** "all canonical" only for a client none of whose requests failed. */
function summary(client: ConformanceClient): string {
  if (client.findings.length > 0) return `${client.findings.length} shape(s) or mistake(s) to fix:`;
  return client.refused === 0
    ? 'all canonical.'
    : 'no shape to fix was seen, but not every request succeeded: read the error answers.';
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2330}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #ccd;padding:.35rem .5rem;text-align:left;vertical-align:top}th{background:#f2f4f8}
.refused{color:#a11;font-weight:600}.tolerated{color:#8a5a00;font-weight:600}
code{font-size:.9em}h2{font-size:1.05rem;margin-top:2rem}`;

export function conformancePage(report: ConformanceReport) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>Conformance report</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <h1>Conformance report</h1>
        <p>
          Mode <strong>${report.mode}</strong>; requests since ${report.since}; generated ${report.generated_at}.
          ${
            report.mode === 'default'
              ? 'A tolerated shape was accepted, and --strict refuses it; refused means the request was answered 4xx or 5xx.'
              : 'A shape is refused with 400 naming its rule; refused means the request was answered 4xx or 5xx.'
          }
        </p>
        ${report.clients.length === 0 ? html`<p>No API requests yet.</p>` : ''}
        ${report.clients.map(
          (client) =>
            html`<section>
              <h2>
                <code>${client.user_agent}</code>, credential ${client.credential}${
                  client.origin ? html`, page <code>${client.origin}</code>` : ''
                }
              </h2>
              <p>${client.requests} requests (${statusLine(client)}); ${summary(client)}</p>
              ${
                client.findings.length === 0
                  ? ''
                  : html`<table>
                    <thead>
                      <tr>
                        <th>Outcome</th>
                        <th>Shape</th>
                        <th>Rule</th>
                        <th>Fix</th>
                        <th>Count</th>
                        <th>Examples</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${client.findings.map(
                        (f) =>
                          html`<tr>
                            <td class="${f.outcome}">${f.outcome}</td>
                            <td>${f.title}<br /><code>${f.rule}</code></td>
                            <td>${f.rule_text}</td>
                            <td>${f.fix}</td>
                            <td>${f.count}</td>
                            <td>
                              ${f.examples.map(
                                (e) => html`<p><code>${e.method} ${e.path}</code> → ${e.status}<br />${e.detail}</p>`,
                              )}
                            </td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>`
              }
            </section>`,
        )}
      </body>
    </html>`;
}

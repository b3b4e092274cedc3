// The conformance report as a page: one section per client, one row per shape with its rule and fix.
import { html } from 'hono/html';
import type { ConformanceReport } from '../../../../widget/src/protocol/conformance.ts';

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
              ? 'Each shape below was accepted; --strict refuses it.'
              : 'Each shape below was refused with 400.'
          }
        </p>
        ${report.clients.length === 0 ? html`<p>No API requests yet.</p>` : ''}
        ${report.clients.map(
          (client) =>
            html`<section>
              <h2><code>${client.user_agent}</code>, credential ${client.credential}</h2>
              <p>
                ${client.requests} requests, ${client.refused} refused,
                ${client.findings.length === 0 ? 'all canonical.' : `${client.findings.length} shape(s) to fix:`}
              </p>
              ${
                client.findings.length === 0
                  ? ''
                  : html`<table>
                    <thead>
                      <tr>
                        <th>Outcome</th>
                        <th>Shape</th>
                        <th>Rule of the reference</th>
                        <th>Fix</th>
                        <th>Count</th>
                        <th>Example</th>
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
                            <td><code>${f.example.method} ${f.example.path}</code><br />${f.example.detail}</td>
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

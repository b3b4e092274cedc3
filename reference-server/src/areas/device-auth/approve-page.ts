// The approval page a game opens in the player's browser: what asks to sign in, a personal access
// token field and Approve / Deny. A plain HTML form (no script), so it works in any browser.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { DeviceAuthView } from './service.ts';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1d2330}
h1{font-size:1.4rem}.box{border:1px solid #ccd;border-radius:8px;padding:1rem 1.25rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.actions{display:flex;gap:.5rem;margin-top:1rem}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #667}
button[value=approve]{background:#1b5ec7;color:#fff;border-color:#1b5ec7}.error{color:#a11}`;

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${title}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

export function approvePage(view: DeviceAuthView, error?: string) {
  if (view.state !== 'pending') return resultPage(view);
  return layout(
    'Sign in to a game',
    html`<h1>Sign in to ${view.entity_name}</h1>
      <div class="box">
        <p>
          <strong>${view.entity_name}</strong> (${view.entity_kind}) asks to submit reports as you. Approve only if you
          just started this sign-in from the game.
        </p>
        <form method="post" action="/device_auth/${view.request_id}/authorize">
          ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
          <label for="pat">Personal access token</label>
          <input
            id="pat"
            name="personal_access_token"
            type="password"
            autocomplete="current-password"
            placeholder="pat-…"
            required
          />
          <div class="actions">
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
          </div>
        </form>
        <p>The request expires at ${view.expires_at} (server time).</p>
      </div>`,
  );
}

export function resultPage(view: DeviceAuthView) {
  const text = {
    approved: html`Signed in as <strong>${view.user_name ?? ''}</strong>. You can return to ${view.entity_name}.`,
    delivered: html`Signed in as <strong>${view.user_name ?? ''}</strong>. You can return to ${view.entity_name}.`,
    denied: html`You declined the sign-in. ${view.entity_name} was not given access.`,
    expired: html`This sign-in request expired. Start a new one from ${view.entity_name}.`,
    pending: html`Waiting for approval.`,
  }[view.state];
  return layout(
    'Sign in to a game',
    html`<h1>Device sign-in</h1>
      <div class="box"><p role="status">${text}</p></div>`,
  );
}

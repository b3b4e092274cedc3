// Breadcrumbs the game does not have to write: clicks and taps (a description of the target, never its
// text or value), fetch and XHR calls (method, URL without query values, status, duration), navigation
// and visibility changes. Installed at init so it sees the game from its first request; never throws.

/** Which kinds are recorded; each is on unless set to false. */
export interface AutoBreadcrumbKinds {
  clicks?: boolean;
  network?: boolean;
  navigation?: boolean;
}

/** Records one breadcrumb: its kind (the log line's tag), severity and text. */
export type RecordCrumb = (kind: string, severity: 'info' | 'warning' | 'danger', text: string) => void;

/** The URL without query values, fragment or credentials: `https://cdn.example/api?user&page`. */
function toSafeUrl(url: unknown): string {
  try {
    const u = new URL(String(url), location.href);
    const keys = [...new Set(u.searchParams.keys())].join('&');
    return u.origin + u.pathname + (keys ? `?${keys}` : '');
  } catch {
    return '(unparsable URL)';
  }
}

/** `button#start.primary.big`: the tag, id and first two classes of the clicked control, never its text. */
function describeTarget(el: Element): string {
  const e = el.closest('a,button,input,select,textarea,label,[role],[id]') ?? el;
  return (
    e.localName +
    (e.id ? `#${e.id}` : '') +
    [...e.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('')
  ).slice(0, 200);
}

/** Starts the kinds left on; `isOwnUrl` tells the widget's own requests apart (not recorded). */
export function startAutoBreadcrumbs(
  kinds: AutoBreadcrumbKinds,
  record: RecordCrumb,
  isOwnUrl: (url: string) => boolean,
): void {
  const now = () => performance.now();
  // A number is an answer (4xx and 5xx are warnings), a string a request that got none.
  const done = (kind: string, method: string, url: string, t0: number, status: number | string) =>
    isOwnUrl(url) ||
    record(
      kind,
      +status < 400 ? 'info' : +status ? 'warning' : 'danger',
      `${method.toUpperCase()} ${toSafeUrl(url)} ${status} (${Math.round(now() - t0)} ms)`,
    );

  if (kinds.clicks !== false)
    addEventListener(
      'click',
      (e) => {
        const t = e.target as Element;
        if (t?.closest && !t.closest('[data-glitchbox],[data-glitchbox-launcher]'))
          record((e as PointerEvent).pointerType === 'touch' ? 'tap' : 'click', 'info', describeTarget(t));
      },
      true,
    );

  if (kinds.network !== false) {
    const original = self.fetch;
    if (original)
      self.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
        const t0 = now();
        const p = original.call(this, input, init);
        const r = input instanceof Request ? input : undefined;
        const url = r ? r.url : String(input);
        const method = init?.method || r?.method || 'GET';
        p.then(
          (res) => done('fetch', method, url, t0, res.status),
          (err) => done('fetch', method, url, t0, `failed (${(err as Error)?.name})`),
        );
        return p;
      };
    const X = self.XMLHttpRequest?.prototype;
    const open = X?.open;
    // One listener per open(): calling open() again aborts the request before it, which ends it.
    if (open)
      X.open = function (this: XMLHttpRequest, ...args: unknown[]) {
        const t0 = now();
        this.addEventListener(
          'loadend',
          () => done('xhr', String(args[0]), String(args[1]), t0, this.status || 'failed'),
          { once: true },
        );
        return (open as (...a: unknown[]) => void).apply(this, args);
      } as typeof open;
  }

  if (kinds.navigation !== false) {
    let last = toSafeUrl(location.href);
    const moved = () => {
      const to = toSafeUrl(location.href);
      if (to !== last) record('navigation', 'info', `${last} -> ${to}`);
      last = to;
    };
    for (const m of ['pushState', 'replaceState'] as const) {
      const original = history[m];
      history[m] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        moved();
      };
    }
    addEventListener('popstate', moved);
    // Only the browser's own events: the pause option's stand-in visibilitychange is not a change of page.
    document.addEventListener('visibilitychange', (e) => {
      if (e.isTrusted) record('visibility', 'info', `page ${document.visibilityState}`);
    });
  }
}

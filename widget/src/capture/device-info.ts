// Device facts as the plain text the service parses into `issue[extras][device_info]`:
// user agent and client hints, the GPU (read once, while idle, from the context the game uses), screen, memory,
// cores, connection.

interface UAData {
  brands?: { brand: string; version: string }[];
  platform?: string;
  mobile?: boolean;
  getHighEntropyValues?(hints: string[]): Promise<Record<string, unknown>>;
}

let hints: Record<string, unknown> | undefined;

/** Starts reading high-entropy client hints once; the answer is used by later reports. */
export function prefetchClientHints(): void {
  try {
    const ua = (navigator as Navigator & { userAgentData?: UAData }).userAgentData;
    ua?.getHighEntropyValues?.(['platformVersion', 'architecture', 'bitness', 'model', 'fullVersionList']).then(
      (h) => {
        hints = h;
      },
      () => {},
    );
  } catch {
    /* not available */
  }
}

let gpu: string | undefined;

/**
 * Reads the GPU name once per page from the game's own WebGL context, while the game idles: each read waits
 * for the GPU process (1-6 ms, hundreds on a canvas that just appeared). Never from a context of our own:
 * a 2D game would pay a new WebGL context (0.4-1.7 s). Returns false while the canvas has no WebGL context.
 */
export function readGpuName(canvas: HTMLCanvasElement | null): boolean {
  if (gpu !== undefined) return true;
  const type = (canvas as { __glitchboxContextType?: string } | null)?.__glitchboxContextType;
  if (type === 'webgpu') return readAdapter();
  // No GPU context to ask: say what the game draws with rather than nothing.
  if (type === '2d' || type === 'offscreen') {
    gpu = type === '2d' ? '2D canvas (no GPU context)' : 'drawn in a worker (OffscreenCanvas), not readable here';
    return true;
  }
  // getContext with the type the canvas already has returns its context, never a new one of another type.
  const gl = type && /webgl/.test(type) ? (canvas?.getContext(type) as WebGLRenderingContext | null) : null;
  if (!gl) return false;
  try {
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    const vendor = gl.getParameter(ext ? ext.UNMASKED_VENDOR_WEBGL : gl.VENDOR);
    gpu = `${gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER)}${vendor ? ` (vendor ${vendor})` : ''}`;
  } catch {
    gpu = '';
  }
  return true;
}

/** A WebGPU game: the adapter's info (vendor, architecture, description), asked for once, off the frame. */
function readAdapter(): boolean {
  gpu = '';
  type Info = { vendor?: string; architecture?: string; device?: string; description?: string };
  const nav = navigator as { gpu?: { requestAdapter(): Promise<{ info?: Info } | null> } };
  nav.gpu?.requestAdapter().then(
    (a) => {
      const i = a?.info ?? {};
      const name = [i.vendor, i.architecture, i.device, i.description].filter(Boolean).join(' ');
      gpu = `${name || 'unknown'} (WebGPU adapter)`;
    },
    () => {},
  );
  return true;
}

export function collectDeviceInfo(canvas?: HTMLCanvasElement | null): string {
  const lines: string[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') lines.push(`${label}: ${value}`);
  };
  try {
    const nav = navigator as Navigator & {
      userAgentData?: UAData;
      deviceMemory?: number;
      connection?: { effectiveType?: string; downlink?: number; rtt?: number; saveData?: boolean };
    };
    const ua = nav.userAgentData;
    const h = hints ?? {};
    const os = ua?.platform
      ? `${ua.platform}${h.platformVersion ? ` ${h.platformVersion}` : ''}`
      : osFromUserAgent(nav.userAgent);
    add('OS', `${os}${h.architecture ? ` ${h.architecture}${h.bitness ? `-${h.bitness}` : ''}` : ''}`);
    const brands = (h.fullVersionList as UAData['brands']) ?? ua?.brands;
    add(
      'Browser',
      brands
        ?.filter((b) => !/not.a.brand/i.test(b.brand))
        .map((b) => `${b.brand} ${b.version}`)
        .join(', '),
    );
    add('Device model', h.model);
    add('Mobile', ua?.mobile === undefined ? undefined : ua.mobile ? 'yes' : 'no');
    add('User agent', nav.userAgent);
    add('CPU', nav.hardwareConcurrency ? `${nav.hardwareConcurrency} cores` : undefined);
    add('RAM', nav.deviceMemory ? `${nav.deviceMemory} GB` : undefined);
    add('GPU', gpu);
    add('Screen', `${screen.width}x${screen.height} @${devicePixelRatio}x, ${screen.colorDepth}-bit colour`);
    add('Viewport', `${innerWidth}x${innerHeight}`);
    if (canvas) add('Canvas', `${canvas.width}x${canvas.height} (${canvas.clientWidth}x${canvas.clientHeight} CSS px)`);
    const c = nav.connection;
    if (c)
      add(
        'Connection',
        [
          c.effectiveType,
          c.downlink !== undefined && `${c.downlink} Mbps`,
          c.rtt !== undefined && `rtt ${c.rtt} ms`,
          c.saveData && 'save-data',
        ]
          .filter(Boolean)
          .join(', '),
      );
    add('Language', nav.language);
    add('Time zone', Intl.DateTimeFormat().resolvedOptions().timeZone);
    add('Page', location.origin + location.pathname);
  } catch {
    /* partial info is still useful */
  }
  return lines.join('\n');
}

export function osFromUserAgent(ua: string): string {
  const rules: Array<[RegExp, string]> = [
    [/Windows NT 10/, 'Windows 10/11'],
    [/Windows NT ([\d.]+)/, 'Windows NT $1'],
    [/Android ([\d.]+)/, 'Android $1'],
    [/(iPhone|iPad).*OS ([\d_]+)/, 'iOS $2'],
    [/Mac OS X ([\d_]+)/, 'macOS $1'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(ua);
    if (m) return name.replace(/\$(\d)/g, (_s, i) => (m[Number(i)] ?? '').replace(/_/g, '.'));
  }
  return 'unknown';
}

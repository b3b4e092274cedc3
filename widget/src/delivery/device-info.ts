// Device facts as the plain text the service parses into `issue[extras][device_info]`, formatted when a report is
// made (this ships in the reporter chunk): OS and browser from the client hints, user agent, CPU, memory, the GPU
// the loader read while the game idled (capture/device-info.ts), screen, canvas, connection, language, page.
import type { GpuFacts } from '../capture/device-info.ts';

interface UAData {
  brands?: { brand: string; version: string }[];
  platform?: string;
  mobile?: boolean;
  getHighEntropyValues?(hints: string[]): Promise<Record<string, unknown>>;
}

type Nav = Navigator & {
  userAgentData?: UAData;
  deviceMemory?: number;
  connection?: { effectiveType?: string; downlink?: number; rtt?: number; saveData?: boolean };
};

/** The high-entropy client hints, asked for on each report (Chromium answers within the task's microtasks). */
async function clientHints(ua: UAData | undefined): Promise<Record<string, unknown>> {
  try {
    return (
      (await ua?.getHighEntropyValues?.(['platformVersion', 'architecture', 'bitness', 'model', 'fullVersionList'])) ??
      {}
    );
  } catch {
    return {};
  }
}

type AdapterInfo = { vendor?: string; architecture?: string; device?: string; description?: string };

/**
 * The GPU line, by the kind of context the game's canvas has: a WebGL game's renderer and vendor as the loader read
 * them, a WebGPU game's adapter (asked for now, off the frame), or what the game draws with when no GPU context.
 */
export async function gpuLine(
  canvas: HTMLCanvasElement | null,
  gpu: GpuFacts | undefined,
): Promise<string | undefined> {
  const type = (canvas as { __glitchboxContextType?: string } | null)?.__glitchboxContextType;
  if (type === 'webgpu') {
    let info: AdapterInfo = {};
    try {
      const nav = navigator as { gpu?: { requestAdapter(): Promise<{ info?: AdapterInfo } | null> } };
      info = (await nav.gpu?.requestAdapter())?.info ?? {};
    } catch {
      /* the adapter stays unknown */
    }
    const name = [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' ');
    return `${name || 'unknown'} (WebGPU adapter)`;
  }
  if (type === '2d') return '2D canvas (no GPU context)';
  if (type === 'offscreen') return 'drawn in a worker (OffscreenCanvas), not readable here';
  return gpu ? `${gpu[0]}${gpu[1] ? ` (vendor ${gpu[1]})` : ''}` : undefined;
}

/** The device block: one `Label: value` line per known fact; `gpu` is what the loader read of a WebGL game. */
export async function collectDeviceInfo(canvas: HTMLCanvasElement | null, gpu: GpuFacts | undefined): Promise<string> {
  const lines: string[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') lines.push(`${label}: ${value}`);
  };
  try {
    const nav = navigator as Nav;
    const ua = nav.userAgentData;
    const h = await clientHints(ua);
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
    add('GPU', await gpuLine(canvas, gpu));
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

// The optional Glitchbox service worker: on a Background Sync event it drains the outbox with the same
// core engine while the page is gone (sharing the page's Web Lock), and keeps the widget's chunks so a
// page offline still gets the full overlay. Bundle this file as the service worker script (/glitchbox-sw.js).
import { openDB } from 'idb';
import { createSparkHasher } from '../core/md5.ts';
import { createReporter } from '../core/reporter.ts';
import { SYNC_TAG, type BackgroundSyncConfig } from './background-sync.ts';
import { createIdbOutbox } from './outbox-idb.ts';
import { createWebLock } from './sync-lock.ts';

const CONFIG_DB = 'glitchbox-sw-config';
const CHUNK_CACHE = 'glitchbox-chunks';

const configDb = () =>
  openDB(CONFIG_DB, 1, { upgrade: (db) => void db.createObjectStore('configs', { keyPath: 'outboxName' }) });

export async function saveConfig(config: BackgroundSyncConfig): Promise<void> {
  await (await configDb()).put('configs', config);
}

/** One pass over every configured outbox; rejects while reports remain so the browser retries later. */
export async function drainAll(fetchImpl: typeof fetch): Promise<void> {
  const configs = (await (await configDb()).getAll('configs')) as BackgroundSyncConfig[];
  let left = 0;
  for (const config of configs) {
    const outbox = createIdbOutbox(config.outboxName);
    const reporter = createReporter({
      endpoint: config.endpoint,
      projectId: config.projectId,
      token: config.token,
      outbox,
      fetch: fetchImpl,
      // A service worker is already off the page's main thread: hash in place.
      hasher: createSparkHasher(),
      lock: createWebLock(config.outboxName),
    });
    await reporter.syncNow();
    left += (await outbox.list()).filter((r) => r.status === 'pending').length;
  }
  if (left > 0) throw new Error(`${left} report(s) still pending; background sync will retry`);
}

/** Stores the chunk files a page loaded (each on its own: one missing file does not drop the others). */
export async function precache(urls: string[]): Promise<void> {
  const cache = await caches.open(CHUNK_CACHE);
  await Promise.all(urls.map((u) => cache.add(u).catch(() => undefined)));
}

/** Directories of the chunks pages have asked to keep; a script request under one of them is the widget's. */
async function chunkDirs(): Promise<string[]> {
  const configs = (await (await configDb()).getAll('configs')) as BackgroundSyncConfig[];
  return [...new Set(configs.flatMap((c) => c.precache ?? []).map((u) => u.slice(0, u.lastIndexOf('/') + 1)))];
}

/** Network first, so a new widget version is used at once; the kept copy when the network fails. */
async function chunkFromNetworkOrCache(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CHUNK_CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CHUNK_CACHE });
    if (kept) return kept;
    throw error;
  }
}

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function installServiceWorker(scope: ServiceWorkerGlobalScope): void {
  let dirs: Promise<string[]> | undefined;
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: string; config?: BackgroundSyncConfig } | undefined;
    if (data?.type === 'glitchbox-config' && data.config) {
      const saved = saveConfig(data.config);
      dirs = saved.then(chunkDirs, chunkDirs);
      event.waitUntil(Promise.all([saved, precache(data.config.precache ?? [])]));
      event.ports[0]?.postMessage({ saved: true }); // workbox-window's messageSW waits for a reply
    }
  });
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag === SYNC_TAG) event.waitUntil(drainAll(scope.fetch.bind(scope)));
  }) as EventListener);
  // Only GET requests for scripts are looked at; those outside the widget's chunk directories go on as fetched.
  scope.addEventListener('fetch', (event: FetchEvent) => {
    const { request } = event;
    if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('.js')) return;
    dirs ??= chunkDirs();
    event.respondWith(
      dirs.then((known) =>
        known.some((dir) => request.url.startsWith(dir)) ? chunkFromNetworkOrCache(request) : fetch(request),
      ),
    );
  });
  scope.addEventListener('install', () => void scope.skipWaiting());
  scope.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(scope.clients.claim()));
}

declare const ServiceWorkerGlobalScope: { new (): ServiceWorkerGlobalScope } | undefined;
if (typeof ServiceWorkerGlobalScope !== 'undefined' && globalThis instanceof ServiceWorkerGlobalScope) {
  installServiceWorker(globalThis as unknown as ServiceWorkerGlobalScope);
}

// The optional Glitchbox service worker: on a Background Sync event it drains the outbox with the
// same core engine while the page is gone. Shares the page's Web Lock, so one syncer at a time.
// Bundle this file as the service worker script (for example /glitchbox-sw.js).
import { openDB } from 'idb';
import { createSparkHasher } from '../core/md5.ts';
import { createReporter } from '../core/reporter.ts';
import { SYNC_TAG, type BackgroundSyncConfig } from './background-sync.ts';
import { createIdbOutbox } from './outbox-idb.ts';
import { createWebLock } from './sync-lock.ts';

const CONFIG_DB = 'glitchbox-sw-config';

const configDb = () => openDB(CONFIG_DB, 1, { upgrade: (db) => void db.createObjectStore('configs', { keyPath: 'outboxName' }) });

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
      endpoint: config.endpoint, projectId: config.projectId, token: config.token, outbox, fetch: fetchImpl,
      // A service worker is already off the page's main thread: hash in place.
      hasher: createSparkHasher(), lock: createWebLock(config.outboxName),
    });
    await reporter.syncNow();
    left += (await outbox.list()).filter((r) => r.status === 'pending').length;
  }
  if (left > 0) throw new Error(`${left} report(s) still pending; background sync will retry`);
}

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function installServiceWorker(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: string; config?: BackgroundSyncConfig } | undefined;
    if (data?.type === 'glitchbox-config' && data.config) {
      event.waitUntil(saveConfig(data.config));
      event.ports[0]?.postMessage({ saved: true }); // workbox-window's messageSW waits for a reply
    }
  });
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag === SYNC_TAG) event.waitUntil(drainAll(scope.fetch.bind(scope)));
  }) as EventListener);
  scope.addEventListener('install', () => void scope.skipWaiting());
  scope.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(scope.clients.claim()));
}

declare const ServiceWorkerGlobalScope: { new (): ServiceWorkerGlobalScope } | undefined;
if (typeof ServiceWorkerGlobalScope !== 'undefined' && globalThis instanceof ServiceWorkerGlobalScope) {
  installServiceWorker(globalThis as unknown as ServiceWorkerGlobalScope);
}

// Page side of background sync: registers the service worker through workbox-window, hands it the
// reporter's configuration, and asks for a one-off Background Sync whenever reports wait to be sent.
import { Workbox } from 'workbox-window';

export const SYNC_TAG = 'glitchbox-outbox';

export interface BackgroundSyncConfig {
  endpoint: string;
  projectId: string;
  token: string;
  outboxName: string;
  /** The widget's chunk files this page loaded: the service worker keeps them for a page offline. */
  precache?: string[];
}

export interface BackgroundSync {
  /** Resolves true when the browser accepted a sync registration (Chromium); false where unsupported. */
  request(): Promise<boolean>;
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export function registerBackgroundSync(serviceWorkerUrl: string, config: BackgroundSyncConfig): BackgroundSync {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return { request: async () => false };
  const wb = new Workbox(serviceWorkerUrl, { type: 'module' });
  const ready = wb
    .register()
    .then(async (registration) => {
      // Each activation of a new worker gets the configuration again.
      wb.addEventListener(
        'activated',
        () => void wb.messageSW({ type: 'glitchbox-config', config }).catch(() => undefined),
      );
      await wb.messageSW({ type: 'glitchbox-config', config }).catch(() => undefined);
      return registration as SyncRegistration | undefined;
    })
    .catch(() => undefined);
  return {
    async request() {
      const registration = await ready;
      if (!registration?.sync) return false; // Background Sync is Chromium-only; the page triggers cover the rest
      try {
        await registration.sync.register(SYNC_TAG);
        return true;
      } catch {
        return false;
      }
    },
  };
}

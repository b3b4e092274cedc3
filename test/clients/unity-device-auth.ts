// A device sign-in client written the way the Unity plugin's DeviceAuthManager does it: a fresh
// UUID, POST /device_auth/create (422 carries {error}), open /device_auth/{id}/authorize, then poll
// every interval until approved, expired, an error, or the timeout; 404 and not_found keep polling.
export interface DeviceSignIn {
  state: 'signed_in' | 'error';
  token?: string;
  userName?: string;
  error?: string;
  polls: number;
}

export interface UnityDeviceAuthOptions {
  endpoint: string;
  projectId: string;
  entityName?: string;
  /** Seconds in the plugin (3); shorter in tests. */
  pollIntervalMs?: number;
  /** 300 s in the plugin. */
  timeoutMs?: number;
  /** Application.OpenURL: the player's browser opens the approval page. */
  openUrl: (url: string) => void | Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function unityDeviceSignIn(o: UnityDeviceAuthOptions): Promise<DeviceSignIn> {
  const headers = { 'BetaHub-Project-ID': o.projectId, Accept: 'application/json' };
  const requestId = crypto.randomUUID();
  const created = await fetch(`${o.endpoint}/device_auth/create`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ request_id: requestId, entity_kind: 'game', entity_name: o.entityName ?? 'Unity Game' }),
  });
  const createBody = await created.json().catch(() => ({}));
  if (!created.ok)
    return {
      state: 'error',
      error:
        created.status === 422
          ? `Validation error: ${createBody.error ?? 'Invalid request data'}`
          : `Failed to create auth request: ${created.status}`,
      polls: 0,
    };
  if (createBody.status !== 'created')
    return { state: 'error', error: `Unexpected response status: ${createBody.status}`, polls: 0 };

  await o.openUrl(`${o.endpoint}/device_auth/${requestId}/authorize`);
  const started = Date.now();
  let polls = 0;
  for (;;) {
    if (Date.now() - started > (o.timeoutMs ?? 300_000))
      return { state: 'error', error: 'Authentication timed out', polls };
    await sleep(o.pollIntervalMs ?? 3000);
    polls += 1;
    const response = await fetch(`${o.endpoint}/device_auth/${requestId}/poll`, { headers });
    if (response.status === 404) continue;
    if (!response.ok) return { state: 'error', error: `Polling failed: ${response.status}`, polls };
    const body = await response.json();
    switch (body.status) {
      case 'approved':
        return { state: 'signed_in', token: body.token, userName: body.user_name, polls };
      case 'expired':
        return { state: 'error', error: 'Authentication request expired', polls };
      case 'not_found':
        continue;
      default:
        if (body.error) return { state: 'error', error: body.error, polls };
    }
  }
}

// What createReporter takes and returns (the Reporter a platform wraps). Apart from types.ts so the
// data contract, which the API client uses, does not import the client back.
import type { ApiClient } from './api-client.ts';
import type {
  Clock,
  Md5Hasher,
  OutboxStore,
  ReporterEvent,
  ReporterEventType,
  ReportInput,
  StoredReport,
  SyncLock,
  UploadTransport,
} from './types.ts';

export interface ReporterOptions {
  endpoint: string;
  projectId: string;
  token: string;
  outbox: OutboxStore;
  fetch?: typeof fetch;
  hasher?: Md5Hasher;
  clock?: Clock;
  lock?: SyncLock;
  random?: () => number;
  /** Storage PUT with upload progress; defaults to the injected fetch. */
  upload?: UploadTransport;
  /**
   * Draft `publish_after` safety net (docs/reporter-core.md#how-the-1-hour-draft-jwt-expiry-is-handled);
   * default '12h'.
   */
  publishAfter?: string;
  /** Backoff: first delay and ceiling in ms (defaults 1 s and 5 min). */
  backoff?: { baseMs?: number; maxMs?: number };
  /** Per-request timeout in ms for API calls (default 30 s), body included. */
  timeoutMs?: number;
  /**
   * The storage PUT has no overall timeout; it is abandoned (and retried later) after this many ms without upload
   * progress (default 60 s).
   */
  uploadStallMs?: number;
}

export interface Reporter {
  /** Stores the report in the outbox, then sends it; with `id`, a report already in the outbox under it is kept
   * as it is. */
  submit(input: ReportInput, id?: string): Promise<{ id: string }>;
  syncNow(): Promise<void>;
  start(): void;
  stop(): void;
  on(event: ReporterEventType, listener: (e: ReporterEvent) => void): () => void;
  list(): Promise<StoredReport[]>;
  retry(id: string, edits?: Partial<ReportInput>): Promise<void>;
  usage(): Promise<{ reports: number; bytes: number }>;
  client: ApiClient;
}

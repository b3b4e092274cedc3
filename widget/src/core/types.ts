// The reporter's data contract: what a caller submits, what the outbox keeps, the events a UI listens
// to, and the interfaces `delivery` and `node` implement (outbox, hasher, clock, lock, upload).
// Core code never touches DOM, window, indexedDB or a global fetch; everything arrives through these.

export type ReportKind = 'bug' | 'suggestion' | 'ticket';
export type AttachmentKind = 'screenshot' | 'log_file' | 'binary_file' | 'video_clip';

export interface ReportAttachmentInput {
  kind: AttachmentKind;
  name: string;
  contentType: string;
  data: Blob | Uint8Array;
  /** Screenshot annotation overlay (PNG with transparency), uploaded as `layer_a_blob_signed_id`. */
  layer?: Blob | Uint8Array;
  developerPrivate?: boolean;
}

export interface ReportInput {
  kind: ReportKind;
  title?: string;
  description: string;
  steps?: string[];
  customFields?: Record<string, unknown>;
  email?: string;
  /** Identifies the reporter by Discord id (digits) when no email is given: `FormUser tkn-…,discord_id:<id>`. */
  discordId?: string;
  releaseLabel?: string;
  deviceInfo?: string;
  debugTrace?: { severity: 'info' | 'warning' | 'danger'; description: string }[];
  logs?: string;
  raw?: boolean;
  source?: string;
  attachments?: ReportAttachmentInput[];
}

/** The report's fields as kept in the outbox: the input without the attachment bytes. */
export type ReportFields = Omit<ReportInput, 'attachments'>;

/** Steps of one report's state machine, in order; each is persisted before the next begins. */
export type ReportStep = 'queued' | 'created' | 'attachments_done' | 'contact_set' | 'published';
export type ReportStatus = 'pending' | 'sent' | 'rejected';
/** Steps of one attachment: presigned (url + blob_signed_id), uploaded (PUT accepted), confirmed. */
export type AttachmentStep = 'pending' | 'presigned' | 'uploaded' | 'confirmed';

export interface BlobUpload {
  /** Outbox key of the bytes (`<index>` or `<index>.layer`). */
  key: string;
  size: number;
  /** Base64 MD5, computed once before the first presign. */
  checksum?: string;
  step: 'pending' | 'presigned' | 'uploaded';
  directUploadUrl?: string;
  headers?: Record<string, string>;
  blobSignedId?: string;
  presignedAt?: number;
}

export interface StoredAttachment {
  index: number;
  kind: AttachmentKind;
  name: string;
  contentType: string;
  developerPrivate: boolean;
  step: AttachmentStep;
  file: BlobUpload;
  layer?: BlobUpload;
  /** Raw id of the attachment record returned by confirm_upload. */
  remoteId?: number | string;
  /** How many times the upload URL had to be signed again (expired or refused by storage). */
  represigns: number;
  /** A confirm was sent and no definite answer came back: reconcile with the media list first. */
  confirmTried?: boolean;
}

export interface RemoteRecord {
  /** Path id of the created resource: `g-<id>` for issues, the feature request / ticket id otherwise. */
  id: string;
  url?: string;
  scopedId?: number;
  /** Draft JWT returned by create (`token`), valid 1 hour (docs/api/projects-auth.md#credentials). */
  jwt?: string;
  /**
   * Set once the server refused the JWT or its `exp` passed: later writes use the fallbacks of
   * docs/api-choices.md#draft-and-media-writers.
   */
  jwtExpired?: boolean;
  /** A publish was sent and no definite answer came back. */
  publishTried?: boolean;
  /** True when the publish was left to the draft's `publish_after` timer (see docs/reporter-core.md). */
  autoPublish?: boolean;
}

export interface Rejection {
  status: number;
  error: string;
  step: string;
  at: number;
}

export interface StoredReport {
  /** uuid, also the `Idempotency-Key` of the create request (docs/api-choices.md#idempotency). */
  id: string;
  fields: ReportFields;
  status: ReportStatus;
  step: ReportStep;
  attachments: StoredAttachment[];
  remote?: RemoteRecord;
  rejection?: Rejection;
  createdAt: number;
  updatedAt: number;
  attempts: number;
  /** Earliest time (clock ms) of the next attempt; backoff and Retry-After write it. */
  nextAttemptAt: number;
  lastError?: string;
  /** Bytes of the report's files in the outbox. */
  bytes: number;
  /** `Idempotency-Key` of the create request: the uuid, renewed only when a refused create is retried. */
  idempotencyKey?: string;
  /** Fields edited after the draft was created: sent with an issue update before the flow goes on. */
  pendingUpdate?: boolean;
}

export type ReporterEventType = 'queued' | 'progress' | 'sent' | 'rejected';

export interface ReporterEvent {
  type: ReporterEventType;
  /** Local report id (uuid). */
  id: string;
  report: StoredReport;
  /** The step just completed (progress) or the step that failed. */
  step?: ReportStep | AttachmentStep | 'retry' | 'offline';
  /** Upload progress of one attachment: bytes sent of total. */
  attachment?: number;
  loaded?: number;
  total?: number;
  /** Server's `error` text (rejected) or the cause of a delay (progress with step retry/offline). */
  error?: string;
  status?: number;
  /** Next attempt time in clock ms when the step will be retried. */
  retryAt?: number;
}

/** Bytes kept by the outbox: read in slices for hashing and handed whole to the transport as a body. */
export interface BlobSource {
  readonly size: number;
  /** Bytes [start, end); never more than asked, so hashing a 500 MB file stays 2 MiB at a time. */
  slice(start: number, end: number): Promise<Uint8Array>;
  /** A request body that streams from storage (a disk-backed Blob, or a ReadableStream in Node). */
  body(): Blob | ReadableStream<Uint8Array>;
  /** The same bytes as a Blob when the platform has one (browsers: IndexedDB Blob); lets a worker hash it. */
  blob?: Blob;
}

export class OutboxQuotaError extends Error {
  override name = 'OutboxQuotaError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Local-first storage of reports and their files. Writes are durable before the promise resolves. */
export interface OutboxStore {
  /**
   * Stores a new report and its files in one go; throws OutboxQuotaError when storage is full (nothing half-written).
   */
  add(report: StoredReport, files: Record<string, Blob | Uint8Array>): Promise<void>;
  /** Replaces the report record (state-machine step). */
  update(report: StoredReport): Promise<void>;
  get(id: string): Promise<StoredReport | undefined>;
  list(): Promise<StoredReport[]>;
  file(id: string, key: string): Promise<BlobSource>;
  remove(id: string): Promise<void>;
  usage(): Promise<{ reports: number; bytes: number }>;
}

export interface Md5Hasher {
  /** Base64 MD5 of the whole source, computed over 2 MiB slices. */
  md5(source: BlobSource, onProgress?: (loaded: number, total: number) => void): Promise<string>;
}

export interface Clock {
  now(): number;
  /** Resolves after ms (or earlier when the signal aborts). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Only one syncer per outbox (one tab, one process): run fn while holding the lock, or skip. */
export interface SyncLock {
  /** Runs fn if the lock is free; resolves false without running it when another holder has it. */
  withLock(fn: () => Promise<void>): Promise<boolean>;
}

/** Optional transport for the storage PUT that reports upload progress (XHR in browsers). */
export type UploadTransport = (
  url: string,
  init: {
    headers: Record<string, string>;
    body: Blob | ReadableStream<Uint8Array>;
    onProgress?: (loaded: number) => void;
    signal?: AbortSignal;
  },
) => Promise<Response>;

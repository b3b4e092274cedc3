// Issue embeddings kept up to date and searchable: the queue the triggers fill is embedded and
// stored (catchUpEmbeddings), and each project's vectors live in an in-memory matrix that is
// patched by this process's writes and reloaded when another process bumped the generation.
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import {
  bumpEmbeddingGeneration,
  deleteEmbedding,
  dequeueIssue,
  embeddingGeneration,
  embeddingsOf,
  projectEmbeddings,
  queuedIssues,
  queuedIssuesIn,
  saveEmbedding,
  type QueuedIssue,
} from './embeddings-repository.ts';
import { cosine, EMBEDDING_DIMS, embedIssue, fromBlob, toBlob } from './embedding.ts';
import { VectorMatrix } from './similar-kernel.ts';

interface ProjectVectors {
  generation: number;
  matrix: VectorMatrix;
  ids: number[];
  archived: number[];
  rowOf: Map<number, number>;
}

type Change = { issueId: number; vector: Float32Array; archived: number } | { issueId: number; vector: null };

const caches = new WeakMap<Db, Map<number, ProjectVectors>>();

function cacheOf(db: Db): Map<number, ProjectVectors> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function apply(index: ProjectVectors, change: Change): void {
  const row = index.rowOf.get(change.issueId);
  if (change.vector) {
    if (row !== undefined) {
      index.matrix.set(row, change.vector);
      index.archived[row] = change.archived;
    } else {
      index.rowOf.set(change.issueId, index.matrix.push(change.vector));
      index.ids.push(change.issueId);
      index.archived.push(change.archived);
    }
  } else if (row !== undefined) {
    const last = index.matrix.removeBySwap(row);
    index.rowOf.delete(change.issueId);
    if (row !== last) {
      index.ids[row] = index.ids[last];
      index.archived[row] = index.archived[last];
      index.rowOf.set(index.ids[row], row);
    }
    index.ids.pop();
    index.archived.pop();
  }
}

/**
 * Embeds and stores every queued issue (drops the vectors of deleted and raw ones), `batch` per write transaction:
 * small enough that the other connection's writes do not wait long for the lock (busy_timeout sleeps in steps).
 * `afterBatch` is called with each batch's milliseconds (the job thread rests there while requests are in flight).
 */
export function catchUpEmbeddings(db: Db, clock: Clock, batch = 100, afterBatch?: (ms: number) => void): number {
  let done = 0;
  for (;;) {
    const started = performance.now();
    const queued = queuedIssues(db, batch);
    if (queued.length === 0) return done;
    // Embedding comes before the write transaction, so that another connection (the request thread beside the job
    // thread) waits for the writes only, not for the vectors.
    const embedded = new Map<number, { text: string; vector: Float32Array }>();
    for (const item of queued) {
      if (item.project_id === null || item.raw !== 0) continue;
      embedded.set(item.issue_id, { text: textOf(item), vector: embedIssue(item.title ?? '', item.description ?? '') });
    }
    const changes = new Map<number, Change[]>();
    const note = (projectId: number, change: Change) => {
      const list = changes.get(projectId);
      if (list) list.push(change);
      else changes.set(projectId, [change]);
    };
    const now = clock.now().toISOString();
    db.transaction(() => {
      // Read again under the lock: another connection may have caught some up, or an issue changed since.
      for (const item of queuedIssuesIn(
        db,
        queued.map((q) => q.issue_id),
      )) {
        const keep = item.project_id !== null && item.raw === 0;
        if (item.stored_project_id !== null && (!keep || item.stored_project_id !== item.project_id)) {
          deleteEmbedding(db, item.issue_id);
          note(item.stored_project_id, { issueId: item.issue_id, vector: null });
        }
        if (keep) {
          const early = embedded.get(item.issue_id);
          const vector =
            early && early.text === textOf(item) ? early.vector : embedIssue(item.title ?? '', item.description ?? '');
          saveEmbedding(db, {
            issue_id: item.issue_id,
            project_id: item.project_id!,
            archived: item.archived ?? 0,
            vector: toBlob(vector),
            updated_at: now,
          });
          note(item.project_id!, { issueId: item.issue_id, vector, archived: item.archived ?? 0 });
        }
        dequeueIssue(db, item.issue_id);
      }
      const cache = cacheOf(db);
      for (const [projectId, list] of changes) {
        const generation = bumpEmbeddingGeneration(db, projectId);
        const index = cache.get(projectId);
        if (!index) continue;
        if (index.generation !== generation - 1) {
          cache.delete(projectId);
          continue;
        }
        for (const change of list) apply(index, change);
        index.generation = generation;
      }
    })();
    done += queued.length;
    afterBatch?.(performance.now() - started);
  }
}

/** What an issue's vector is computed from, to tell whether it changed since. */
function textOf(item: QueuedIssue): string {
  return `${item.title ?? ''}\u0000${item.description ?? ''}`;
}

function load(db: Db, projectId: number): ProjectVectors {
  const generation = embeddingGeneration(db, projectId);
  const index: ProjectVectors = {
    generation,
    matrix: new VectorMatrix(EMBEDDING_DIMS),
    ids: [],
    archived: [],
    rowOf: new Map(),
  };
  for (const row of projectEmbeddings(db, projectId))
    apply(index, { issueId: row.issue_id, vector: fromBlob(row.vector), archived: row.archived });
  return index;
}

/** The project's vectors, caught up with every write. */
export function projectVectors(db: Db, clock: Clock, projectId: number): ProjectVectors {
  catchUpEmbeddings(db, clock);
  const cache = cacheOf(db);
  let index = cache.get(projectId);
  if (!index || index.generation !== embeddingGeneration(db, projectId)) {
    index = load(db, projectId);
    cache.set(projectId, index);
  }
  return index;
}

export interface Ranked {
  issueId: number;
  score: number;
}

/**
 * The `count` issues of the project closest to `query` by cosine (vectors are unit length, so a
 * dot product), best first, skipping `exclude` and archived issues unless asked. The int8 matrix
 * picks the candidates; their stored float vectors give the exact scores and final order.
 */
export function rankByVector(
  db: Db,
  clock: Clock,
  projectId: number,
  query: Float32Array,
  options: { count: number; exclude?: ReadonlySet<number>; includeArchived?: boolean },
): Ranked[] {
  const index = projectVectors(db, clock, projectId);
  const scores = index.matrix.scoresFor(query);
  // A few more than asked, so that quantization cannot push a true neighbour out.
  const want = options.count + 8;
  const topIds: number[] = [];
  const topScores: number[] = [];
  let floor = -Infinity;
  for (let row = 0; row < scores.length; row += 1) {
    const score = scores[row];
    if (score <= floor) continue;
    if (!options.includeArchived && index.archived[row]) continue;
    const id = index.ids[row];
    if (options.exclude?.has(id)) continue;
    let at = topIds.length;
    while (at > 0 && topScores[at - 1] < score) at -= 1;
    topIds.splice(at, 0, id);
    topScores.splice(at, 0, score);
    if (topIds.length > want) {
      topIds.pop();
      topScores.pop();
    }
    if (topIds.length === want) floor = topScores[want - 1];
  }
  return embeddingsOf(db, topIds)
    .map((row) => ({ issueId: row.issue_id, score: cosine(fromBlob(row.vector), query) }))
    .sort((a, b) => b.score - a.score || a.issueId - b.issueId)
    .slice(0, options.count);
}

/** Drops every cached matrix of a database (after /__admin/reset). */
export function forgetVectors(db: Db): void {
  caches.delete(db);
}

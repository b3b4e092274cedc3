// The feature-request search vocabulary follows the index through its change log
// (docs/api/search.md#feature-request-search-vocabulary): created and edited requests reach it at the next search,
// and a log trimmed past what it saw reads the index again. Real SQLite in memory; requests written by plain SQL.
import { beforeEach, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import { insertFeatureRequest } from '../../reference-server/src/areas/feature-requests/repository.ts';
import { featureRequestVocabulary } from '../../reference-server/src/areas/feature-requests/vocabulary.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import type { Db } from '../../reference-server/src/db/database.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import { PROJECT_ID, seedDocument } from '../helpers/seed.ts';

let db: Db;
let projectId: number;
const create = (title: string, description = 'It would make the game better.') =>
  insertFeatureRequest(db, {
    project_id: projectId,
    title,
    description,
    status: 'open',
    source: null,
    reporter_user_id: null,
    discord_username: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });

beforeEach(() => {
  const deps = createDeps({});
  loadFixtures(deps, seedDocument());
  db = deps.db;
  projectId = findProjectByPublicId(db, PROJECT_ID)!.id;
});

describe('the feature-request search vocabulary', () => {
  it('counts a request created after the first search, and its words', () => {
    create('Add a photo mode');
    const vocabulary = featureRequestVocabulary(db);
    expect(vocabulary.documentCount()).toBe(1);
    expect(vocabulary.nearTerms('photp', 1, 8)).toEqual(['photo']);
    create('A hyperspace radio station');
    expect(featureRequestVocabulary(db).documentCount()).toBe(2);
    expect(vocabulary.documentFrequency('hyperspace')).toBe(1);
    expect(vocabulary.documentFrequency('game')).toBe(2);
  });

  it('takes an edited title word at the next search without counting the request twice', () => {
    const request = create('Add a photo mode');
    featureRequestVocabulary(db);
    db.prepare('UPDATE feature_requests SET title = ? WHERE id = ?').run('Add a panorama photo mode', request.id);
    const vocabulary = featureRequestVocabulary(db);
    expect(vocabulary.nearTerms('panorma', 1, 8)).toEqual(['panorama']);
    expect(vocabulary.documentCount()).toBe(1);
    expect(vocabulary.documentFrequency('photo')).toBe(1);
  });

  it('reads the index again when the log was trimmed past what it saw', () => {
    create('Add a photo mode');
    featureRequestVocabulary(db);
    // The log keeps 1,000 entries: 1,200 more leave a gap behind the last one seen.
    db.transaction(() => {
      for (let i = 0; i < 1200; i += 1) create(`Request number ${i}`, 'Plain words.');
    })();
    db.prepare('DELETE FROM feature_requests WHERE title = ?').run('Add a photo mode');
    const vocabulary = featureRequestVocabulary(db);
    expect(vocabulary.documentCount()).toBe(1200);
    expect(vocabulary.documentFrequency('photo')).toBe(0);
    expect(vocabulary.documentFrequency('request')).toBe(1200);
    expect(db.prepare('SELECT count(*) FROM feature_request_vocab_log').pluck().get()).toBe(1000);
  });
});

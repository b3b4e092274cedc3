// The ordered list of migrations. Forward only: a released migration is never edited; a change
// is a new numbered file. Numbers are reserved per area to keep parallel work apart:
// 1-9 core, 10-19 issues, 20-29 media, 30-39 other resources, 40-49 search and jobs. A number places a migration
// by area, not by date: migrate() applies every one a database lacks, so 006 (later than 050) runs on an old one.
import core from './001-core.ts';
import deviceAuth from './002-device-auth.ts';
import settingsVersion from './003-settings-version.ts';
import deviceGrants from './005-device-grants.ts';
import oneNamePerConcept from './006-one-name-per-concept.ts';
import issues from './010-issues.ts';
import issueIndexTrim from './011-issue-index-trim.ts';
import issueTagDetails from './012-issue-tag-details.ts';
import issueListCounts from './014-issue-list-counts.ts';
import media from './020-media.ts';
import retiredIds from './021-retired-ids.ts';
import featureRequestsTickets from './030-feature-requests-tickets.ts';
import attachedFileRetiredIds from './031-attached-file-retired-ids.ts';
import eventReplayIndex from './035-event-replay-index.ts';
import featureRequestVocabularyLog from './036-feature-request-vocabulary-log.ts';
import releasesPlaytimeFacts from './050-releases-playtime-facts.ts';
import releaseRetiredIds from './051-release-retired-ids.ts';
import search from './040-search.ts';
import searchIndexQueue from './041-search-index-queue.ts';
import searchIndexMerges from './042-search-index-merges.ts';
import searchRankLog from './043-search-rank-log.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  core,
  deviceAuth,
  settingsVersion,
  deviceGrants,
  oneNamePerConcept,
  issues,
  issueIndexTrim,
  issueTagDetails,
  issueListCounts,
  media,
  retiredIds,
  featureRequestsTickets,
  attachedFileRetiredIds,
  eventReplayIndex,
  featureRequestVocabularyLog,
  releasesPlaytimeFacts,
  releaseRetiredIds,
  search,
  searchIndexQueue,
  searchIndexMerges,
  searchRankLog,
];

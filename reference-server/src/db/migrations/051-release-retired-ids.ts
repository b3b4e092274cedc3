// Release ids, their download links and attachments are never handed out again after a delete, as
// attachments since migration 21 (db/retired-ids.ts).
import { retireIdsSql } from './021-retired-ids.ts';

export default {
  version: 51,
  name: 'release-retired-ids',
  sql: retireIdsSql(['releases', 'release_download_links', 'release_attachments']),
};

// A ticket's attachments and a feature request's files never hand a removed id to a new file, as issue
// attachments since migration 21 (db/retired-ids.ts).
import { retireIdsSql } from './021-retired-ids.ts';

export default {
  version: 31,
  name: 'attached-file-retired-ids',
  sql: retireIdsSql(['ticket_attachments', 'feature_request_files']),
};

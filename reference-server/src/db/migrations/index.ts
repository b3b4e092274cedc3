// The ordered list of migrations. Forward only: a released migration is never edited; a change
// is a new numbered file. Numbers are reserved per area to keep parallel work apart:
// 1-9 core, 10-19 issues, 20-29 media, 30-39 other resources, 40-49 search and jobs.
import core from './001-core.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [core];

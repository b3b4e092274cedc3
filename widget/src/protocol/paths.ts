// Every operation's method(s) and path template, and nothing else (no zod): the report flow's in
// report-paths.ts (the reporter chunk ships only those), every other one in other-paths.ts. The schema
// files spread these entries into their operations.
import { otherPaths } from './other-paths.ts';
import { reportPaths } from './report-paths.ts';

export const paths = { ...reportPaths, ...otherPaths };
export type PathOperationId = keyof typeof paths;

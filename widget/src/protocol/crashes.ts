// The answer to an Unreal CrashReportClient upload (docs/api-choices.md#operation-paths): the raw issue it created and
// what was attached. The request body is the client's zlib-compressed container, not JSON.
import { z } from 'zod';

export const UnrealCrashResponse = z.object({
  id: z.number().int(),
  scoped_id: z.number().int(),
  title: z.string(),
  raw: z.literal(true),
  url: z.string(),
  crash_guid: z.string().nullable(),
  attachments: z.object({ binary_files: z.number().int(), log_files: z.number().int() }),
  warnings: z.array(z.string()),
});
export type UnrealCrashResponse = z.infer<typeof UnrealCrashResponse>;

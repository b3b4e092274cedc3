// Shared set-up of the Unreal crash conformance files: a server reseeded before every test, the crash context and
// files of a standard report, and the upload call with the CrashReportClient's query string.
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { server } from '../../helpers/file-server.ts';
import { crashContextXml, fakeMinidump, type CrashFileInput } from '../../helpers/unreal-crash.ts';

export { reseed, server, serveReseeded as serveCrashes } from '../../helpers/file-server.ts';

export const CONTEXT = {
  CrashGUID: 'UECC-Windows-6D1A2B3C4D5E',
  ErrorMessage:
    'Assertion failed: Index >= 0 [File:Array.h] [Line: 614]\nArray index out of bounds: -1 from an array of size 3',
  GameName: 'UE5-StarCourier',
  EngineVersion: '5.3.2-29314046+++UE5+Release-5.3',
  PlatformName: 'Windows',
  CallStack: 'StarCourier!UCargoHold::Drop() [CargoHold.cpp:120]',
};
export const MINIDUMP = fakeMinidump();
export const STANDARD_FILES: CrashFileInput[] = [
  { name: 'CrashContext.runtime-xml', data: crashContextXml(CONTEXT) },
  { name: 'UEMinidump.dmp', data: MINIDUMP },
  { name: 'StarCourier.log', data: 'LogInit: Display: Starting game\nLogCargo: Error: index -1\n' },
  { name: 'CrashReportClient.ini', data: '[CrashReportClient]\nbAgreeToCrashUpload=true\n' },
];

export const send = (body: Uint8Array, token: string = TOKENS.all) =>
  server.request(
    'POST',
    `/crashes/unreal/${token}` +
      `?AppID=CrashReporter&AppVersion=5.3.2&AppEnvironment=Release&UploadType=crashreports&UserID=abc|def|ghi`,
    { raw: body as unknown as BodyInit, headers: { 'Content-Type': 'application/octet-stream' } },
  );

/** How many issues the seed project's owner lists: `raw=true` the raw ones only, `raw=any` every one. */
export async function listedIssues(raw: 'true' | 'any'): Promise<number> {
  const r = await server.request('GET', `/projects/${PROJECT_ID}/issues.json?raw=${raw}&per_page=1`, {
    auth: `Bearer ${PATS.owner}`,
  });
  if (r.status !== 200) throw new Error(`issue list: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.pagination.total_count as number;
}

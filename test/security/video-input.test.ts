// A "video" whose bytes are an HLS playlist naming a server-local file must never make the
// video job read that file: the container is sniffed, ffmpeg gets that container's demuxer
// forced and only the `file` protocol, and a file that is no container is failed before ffmpeg.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, videoInputArgs } from '../../reference-server/src/areas/media/video.ts';
import { makeIssue } from '../helpers/media.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PATS, TOKENS } from '../helpers/seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const playlist = (target: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\n${target}\n#EXT-X-ENDLIST\n`;

async function uploadAndProcess(bytes: string | Uint8Array) {
  const issue = await makeIssue(server);
  const data = new FormData();
  data.append('video_clip[video]', new Blob([bytes as BlobPart], { type: 'video/mp4' }), 'clip.mp4');
  const created = await server.request('POST', `${issue.path}/video_clips`, {
    auth: `FormUser ${TOKENS.all}`,
    multipart: data,
  });
  expect(created.status).toBe(201);
  await server.runJobs();
  const [clip] = (await server.request('GET', `${issue.path}/video_clips.json`, { auth: `Bearer ${PATS.developer}` }))
    .body;
  return clip;
}

describe('ffmpeg input options', () => {
  it("force the sniffed container's demuxer and allow only the file protocol", () => {
    expect(videoInputArgs('mp4', '/work/in')).toEqual(['-protocol_whitelist', 'file', '-f', 'mov', '-i', '/work/in']);
    expect(videoInputArgs('quicktime', '/work/in')).toEqual([
      '-protocol_whitelist',
      'file',
      '-f',
      'mov',
      '-i',
      '/work/in',
    ]);
    expect(videoInputArgs('webm', '/work/in')).toEqual([
      '-protocol_whitelist',
      'file',
      '-f',
      'matroska',
      '-i',
      '/work/in',
    ]);
    expect(videoInputArgs('matroska', '/work/in')?.slice(2, 4)).toEqual(['-f', 'matroska']);
    expect(videoInputArgs('unknown', '/work/in')).toBeNull();
  });
});

describe('an HLS playlist uploaded as a video clip', () => {
  it('is failed as no video container, never handed to ffmpeg, and served only as a download', async () => {
    const clip = await uploadAndProcess(playlist('file:///etc/passwd'));
    expect(clip).toMatchObject({
      processing: false,
      processed: false,
      failed: true,
      failure_reason: expect.stringMatching(/^The file is not an MP4, QuickTime, WebM, Matroska or AVI video/),
    });
    const served = await fetch(clip.url);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await served.text()).toBe(playlist('file:///etc/passwd'));
  });

  it.runIf(findFfmpeg() !== null)(
    'with ffmpeg installed, does not transcode the local file the playlist names',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'glitchbox-hls-'));
      try {
        const secret = join(work, 'secret.mp4');
        execFileSync(findFfmpeg()!, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=duration=2:size=64x48:rate=5',
          secret,
        ]);
        const clip = await uploadAndProcess(playlist(`file://${secret}`));
        expect(clip).toMatchObject({ failed: true, processed: false });
        // The clip still serves the playlist text, not a transcoding of the secret file.
        expect(await (await fetch(clip.url)).text()).toBe(playlist(`file://${secret}`));
        expect(readFileSync(secret).byteLength).toBeGreaterThan(0);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});

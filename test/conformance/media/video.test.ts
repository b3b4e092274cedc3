// Video clips: the duration read from the container itself (MP4 mvhd, WebM Duration or clusters),
// processing of multipart uploads against the organization's maximum, the background job, and
// video segments merged into one clip (docs/api/media.md#video-clips; docs/api-choices.md#operation-paths,
// docs/api-choices.md#background-jobs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource, probeVideo } from '../../../reference-server/src/areas/media/video-probe.ts';
import { findFfmpeg } from '../../../reference-server/src/areas/media/video.ts';
import { seedDocument } from '../../helpers/seed.ts';
import { EBML_HEADER, PNG, makeIssue, mp4, webm, webmClusters } from '../../helpers/media.ts';
import { serveMedia, server, TOKEN } from './fixtures.ts';
import { describeLocal, isRemote, localName } from '../../helpers/local-only.ts';

/** Whether the server has ffmpeg is read on this machine, so these tests hold only for a server it runs. */
const FFMPEG_HERE = 'reads whether this machine has ffmpeg';

const probe = (bytes: Uint8Array) => probeVideo(bytesSource(bytes));

describeLocal('probeVideo', 'calls the video probe in-process', () => {
  it('reads an MP4 duration from mvhd, version 0 or 1, with the index before or after the media', async () => {
    expect(await probe(mp4(12.5))).toEqual({ container: 'mp4', durationSeconds: 12.5 });
    expect(await probe(mp4(90, { version: 1 }))).toEqual({ container: 'mp4', durationSeconds: 90 });
    expect(await probe(mp4(7, { moovLast: true }))).toEqual({ container: 'mp4', durationSeconds: 7 });
  });

  it('tells QuickTime from MP4 by the ftyp brand', async () => {
    expect(await probe(mp4(3, { brand: 'qt  ' }))).toEqual({ container: 'quicktime', durationSeconds: 3 });
  });

  it('reads a WebM duration from Info/Duration, or from the last block when MediaRecorder left it out', async () => {
    expect(await probe(webm(42))).toEqual({ container: 'webm', durationSeconds: 42 });
    expect(await probe(webm(8, { duration: false }))).toEqual({ container: 'webm', durationSeconds: 8 });
    expect((await probe(webm(5, { docType: 'matroska' }))).container).toBe('matroska');
  });

  it('answers unknown for what is not a video container', async () => {
    expect(await probe(PNG)).toEqual({ container: 'unknown', durationSeconds: null });
    expect(await probe(new Uint8Array(0))).toEqual({ container: 'unknown', durationSeconds: null });
  });
});

/** The standard seed with the organization's video cap at 30 seconds. */
function videoSeed() {
  const doc = seedDocument();
  (doc.organizations[0] as { max_video_seconds?: number }).max_video_seconds = 30;
  return doc;
}
serveMedia({ seed: videoSeed() });

const uploadClip = (path: string, bytes: Uint8Array, name: string, type: string) => {
  const data = new FormData();
  data.append('video_clip[video]', new Blob([bytes as BlobPart], { type }), name);
  return server.request('POST', `${path}/video_clips`, { auth: TOKEN, multipart: data });
};

describe('multipart video clips', () => {
  it("is processed at once when web-compatible and within the organization's maximum", async () => {
    const issue = await makeIssue(server);
    const short = await uploadClip(issue.path, mp4(29), 'short.mp4', 'video/mp4');
    expect(short.status).toBe(201);
    expect(short.body).toMatchObject({
      type: 'video_clip',
      processing: false,
      processed: true,
      failed: false,
      content_type: 'video/mp4',
    });
    const recorded = await uploadClip(issue.path, webm(10, { duration: false }), 'rec.webm', 'video/webm');
    expect(recorded.body).toMatchObject({ processing: false, processed: true });
  });

  it('goes to the job when over the maximum, whatever the client claims, and ends failed or processed', async () => {
    const issue = await makeIssue(server);
    const long = await uploadClip(issue.path, mp4(31), 'short-really.mp4', 'video/mp4');
    expect(long.body).toMatchObject({ processing: true, processed: false, failed: false });
    await server.runJobs();
    const [clip] = (await server.request('GET', `${issue.path}/video_clips.json`, { auth: `Bearer pat-developer` }))
      .body;
    // This fixture's media data is not decodable, so even ffmpeg fails it; without ffmpeg the reason says so.
    expect(clip).toMatchObject({
      processing: false,
      processed: false,
      failed: true,
      failure_reason: expect.stringMatching(/ffmpeg/),
    });
    if (!findFfmpeg()) expect(clip.failure_reason).toMatch(/not installed/);
  });

  it.runIf(findFfmpeg() !== null && !isRemote)(
    localName('with ffmpeg installed, transcodes a too-long WebM to an MP4 trimmed to the maximum', FFMPEG_HERE),
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'glitchbox-ffmpeg-test-'));
      try {
        execFileSync(findFfmpeg()!, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=duration=40:size=160x120:rate=10',
          '-c:v',
          'libvpx',
          join(work, 'long.webm'),
        ]);
        const issue = await makeIssue(server);
        const long = await uploadClip(
          issue.path,
          new Uint8Array(readFileSync(join(work, 'long.webm'))),
          'long.webm',
          'video/webm',
        );
        expect(long.body).toMatchObject({ processing: true, processed: false });
        await server.runJobs();
        const [clip] = (await server.request('GET', `${issue.path}/video_clips.json`, { auth: 'Bearer pat-developer' }))
          .body;
        expect(clip).toMatchObject({
          processing: false,
          processed: true,
          failed: false,
          content_type: 'video/mp4',
          filename: 'long.mp4',
        });
        const bytes = new Uint8Array(await (await fetch(clip.url)).arrayBuffer());
        expect(await probe(bytes)).toEqual({ container: 'mp4', durationSeconds: 30 });
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );

  it('sends a container browsers cannot play (QuickTime) to the job even when short', async () => {
    const issue = await makeIssue(server);
    const mov = await uploadClip(issue.path, mp4(5, { brand: 'qt  ' }), 'clip.mov', 'video/quicktime');
    expect(mov.status).toBe(201);
    expect(mov.body).toMatchObject({ processing: true, processed: false });
  });
});

describe('POST …/video_segments', () => {
  const segment = (path: string, bytes: Uint8Array, fields: Record<string, string>) => {
    const data = new FormData();
    data.append('video_segment[video]', new Blob([bytes as BlobPart], { type: 'video/webm' }), 'part.webm');
    for (const [key, value] of Object.entries(fields)) data.append(`video_segment[${key}]`, value);
    return server.request('POST', `${path}/video_segments`, { auth: TOKEN, multipart: data });
  };
  const head = () =>
    Buffer.concat([
      EBML_HEADER(),
      Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ]);

  it('merges the parts of one recording by concatenation into one processed clip', async () => {
    const issue = await makeIssue(server);
    const part0 = new Uint8Array(Buffer.concat([head(), ...webmClusters(2)]));
    const part1 = new Uint8Array(Buffer.concat(webmClusters(2, 2000)));
    const first = await segment(issue.path, part1, { position: '1', merge_group: 'rec-1', merge_total: '2' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      merge_group: 'rec-1',
      position: 1,
      merge_total: 2,
      received: 1,
      complete: false,
      video_clip: null,
    });
    const second = await segment(issue.path, part0, { position: '0', merge_group: 'rec-1', merge_total: '2' });
    expect(second.body).toMatchObject({ received: 2, complete: true, video_clip: { processing: true, url: null } });
    await server.runJobs();
    const [clip] = (await server.request('GET', `${issue.path}/video_clips`, { auth: 'Bearer pat-developer' })).body;
    expect(clip).toMatchObject({
      processed: true,
      failed: false,
      filename: 'rec-1.webm',
      size_bytes: part0.length + part1.length,
    });
    const merged = new Uint8Array(await (await fetch(clip.url)).arrayBuffer());
    expect(merged).toEqual(new Uint8Array([...part0, ...part1]));
    expect(await probeVideo(bytesSource(merged))).toEqual({ container: 'webm', durationSeconds: 4 });
  });

  it.skipIf(findFfmpeg() !== null || isRemote)(
    localName('without ffmpeg, keeps separate recordings and fails the clip with the reason', FFMPEG_HERE),
    async () => {
      const issue = await makeIssue(server);
      await segment(issue.path, webm(2), { position: '0', merge_group: 'g', merge_total: '2' });
      await segment(issue.path, webm(2), { position: '1', merge_group: 'g', merge_total: '2' });
      await server.runJobs();
      const [clip] = (await server.request('GET', `${issue.path}/video_clips`, { auth: 'Bearer pat-developer' })).body;
      expect(clip).toMatchObject({
        failed: true,
        processed: false,
        failure_reason: expect.stringMatching(/separate recordings.*ffmpeg is not installed/),
      });
      expect(new Uint8Array(await (await fetch(clip.url)).arrayBuffer())).toEqual(webm(2));
    },
  );

  it('refuses missing parameters (400), a position past the total, a changed total, a full issue (422)', async () => {
    const issue = await makeIssue(server);
    const missing = await segment(issue.path, webm(1), { position: '0', merge_total: '2' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Missing required parameter: video_segment[merge_group].' });
    expect((await segment(issue.path, webm(1), { position: '2', merge_group: 'a', merge_total: '2' })).status).toBe(
      422,
    );
    await segment(issue.path, webm(1), { position: '0', merge_group: 'a', merge_total: '2' });
    expect((await segment(issue.path, webm(1), { position: '1', merge_group: 'a', merge_total: '3' })).status).toBe(
      422,
    );
    await segment(issue.path, webm(1), { position: '0', merge_group: 'b', merge_total: '2' });
    await segment(issue.path, webm(1), { position: '0', merge_group: 'c', merge_total: '2' });
    const fourth = await segment(issue.path, webm(1), { position: '0', merge_group: 'd', merge_total: '2' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.error).toMatch(/maximum of 3 video clips/);
  });
});

// A screenshot's `status` in the raw columns that confirm_upload and the multipart upload answer is the
// integer column the service's web-form client types it as (docs/api/media.md#direct-upload), not a word.
import { describe, expect, it } from 'vitest';
import { ConfirmUploadResponse, UploadedAttachment } from '../../../widget/src/protocol/media.ts';
import { PNG, directUpload, makeIssue } from '../../helpers/media.ts';
import { serveMedia, server, TOKEN } from './fixtures.ts';

serveMedia();

describe('screenshot status in raw columns', () => {
  it('answers confirm_upload with an integer status beside the other raw columns', async () => {
    const issue = await makeIssue(server, { title: 'Docking lights flicker' });
    const r = await directUpload(server, issue.path, 'screenshots', PNG, {
      filename: 'shot.png',
      type: 'image/png',
      auth: TOKEN,
    });
    expect(r.status).toBe(201);
    expect(ConfirmUploadResponse.parse(r.body)).toMatchObject({ issue_id: issue.id, status: 1 });
    expect(Number.isInteger(r.body.status)).toBe(true);
  });

  it('answers a multipart screenshot with the same integer status, and no status for other kinds', async () => {
    const issue = await makeIssue(server, { title: 'Docking lights flicker' });
    const shot = new FormData();
    shot.append('screenshot[image]', new Blob([PNG], { type: 'image/png' }), 'shot.png');
    const r = await server.request('POST', `${issue.path}/screenshots`, { auth: TOKEN, multipart: shot });
    expect(r.status).toBe(201);
    expect(UploadedAttachment.parse(r.body)).toMatchObject({ issue_id: issue.id, status: 1 });
    const log = new FormData();
    log.append('log_file[contents]', 'engine started');
    const l = await server.request('POST', `${issue.path}/log_files`, { auth: TOKEN, multipart: log });
    expect(l.status).toBe(201);
    expect(l.body).not.toHaveProperty('status');
  });
});

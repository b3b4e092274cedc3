// Video clips playing in the page from their CDN `url`, and binary files to download
// (`?download=<filename>` makes the server answer with Content-Disposition: attachment).
import { formatBytes } from './format.ts';
import type { Attachment } from './types.ts';

export function downloadUrl(file: Attachment): string | null {
  if (!file.url) return null;
  const name = file.filename ?? `file-${file.id}`;
  return `${file.url}${file.url.includes('?') ? '&' : '?'}download=${encodeURIComponent(name)}`;
}

export function VideoClips(props: { items: Attachment[] }) {
  return (
    <section aria-labelledby="videos-heading">
      <h3 id="videos-heading">Video clips ({props.items.length})</h3>
      {!props.items.length && <p class="muted">No video clips.</p>}
      <div class="videos">
        {props.items.map((clip, i) => (
          <figure key={clip.id} class="video">
            {clip.url && !clip.failed ? (
              // biome-ignore lint/a11y/useMediaCaption: players' uploaded gameplay clips come without captions to add
              <video
                controls
                preload="metadata"
                src={clip.url}
                aria-label={`Video clip ${i + 1}`}
                data-testid="video-clip"
              />
            ) : (
              <p class="muted">{clip.failed ? 'Processing failed.' : 'No playable file yet.'}</p>
            )}
            <figcaption>
              {clip.filename ?? `clip-${clip.id}`} {formatBytes(clip.size_bytes ?? clip.media_size_bytes)}
              {clip.processing ? ' · processing' : clip.processed === false ? ' · not processed yet' : ''}
              {downloadUrl(clip) && (
                <>
                  {' '}
                  · <a href={downloadUrl(clip)!}>download</a>
                </>
              )}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

export function BinaryFiles(props: { items: Attachment[] }) {
  return (
    <section aria-labelledby="files-heading">
      <h3 id="files-heading">Binary files ({props.items.length})</h3>
      {!props.items.length ? (
        <p class="muted">No binary files.</p>
      ) : (
        <ul class="files">
          {props.items.map((file) => (
            <li key={file.id}>
              {downloadUrl(file) ? (
                <a href={downloadUrl(file)!} download={file.filename ?? undefined}>
                  Download {file.filename ?? `file ${file.id}`}
                </a>
              ) : (
                <span>{file.filename ?? `file ${file.id}`}</span>
              )}
              <span class="muted">
                {' '}
                {file.content_type} · {formatBytes(file.size_bytes ?? file.media_size_bytes)}
                {file.developer_private ? ' · developer only' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Screenshots with their annotation layer (`layer_a_url`, a transparent PNG) drawn on top; the
// layer can be hidden to see what it covers.
import { useState } from 'preact/hooks';
import { formatBytes } from './format.ts';
import type { Attachment } from './types.ts';

export function Screenshots(props: { items: Attachment[] }) {
  const [annotations, setAnnotations] = useState(true);
  const hasLayer = props.items.some((s) => s.layer_a_url);
  return (
    <section aria-labelledby="screenshots-heading">
      <h3 id="screenshots-heading">Screenshots ({props.items.length})</h3>
      {!props.items.length && <p class="muted">No screenshots.</p>}
      {hasLayer && (
        <p class="checkbox">
          <input
            id="show-annotations"
            type="checkbox"
            checked={annotations}
            onChange={(e) => setAnnotations((e.target as HTMLInputElement).checked)}
          />
          <label for="show-annotations">Show the reporter's annotations</label>
        </p>
      )}
      <div class="shots">
        {props.items.map((shot, i) => (
          <figure key={shot.id} class="shot" data-testid="screenshot">
            <div class="shot-stack">
              {shot.url && (
                <img
                  src={shot.url}
                  alt={`Screenshot ${i + 1}${shot.description ? `: ${shot.description}` : ''}`}
                  loading="lazy"
                />
              )}
              {shot.layer_a_url && annotations && (
                <img
                  class="layer"
                  src={shot.layer_a_url}
                  alt={`Annotations drawn on screenshot ${i + 1}`}
                  data-testid="annotation-layer"
                />
              )}
            </div>
            <figcaption>
              {shot.filename ?? `screenshot-${shot.id}`} {formatBytes(shot.size_bytes ?? shot.media_size_bytes)}
              {shot.developer_private ? ' · developer only' : ''}
              {shot.url && (
                <>
                  {' '}
                  ·{' '}
                  <a href={shot.url} target="_blank" rel="noopener noreferrer">
                    open full size
                  </a>
                </>
              )}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

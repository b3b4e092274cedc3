// The storage PUT in browsers: XMLHttpRequest, because fetch reports no upload progress and Chromium
// streams request bodies only over HTTP/2 (ERR_H2_OR_QUIC_REQUIRED). The Blob goes from IndexedDB to
// the network without being read into the heap. The result is handed back as a Response to classify.
import type { UploadTransport } from '../core/types.ts';

const NULL_BODY = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export const xhrUpload: UploadTransport = async (url, { headers, body, onProgress, signal }) => {
  const blob = body instanceof Blob ? body : await new Response(body).blob();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () => {
      onProgress?.(blob.size);
      resolve(
        new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch (network error during upload)'));
    xhr.ontimeout = () => reject(new TypeError('upload timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(blob);
  });
};

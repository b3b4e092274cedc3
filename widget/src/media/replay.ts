// Lazy chunk: keeps the last N seconds of the game canvas in bounded memory. WebCodecs
// VideoEncoder (VP8, a key frame every 2 s, frames taken right after the game's frame) with the
// chunks muxed into WebM on demand; MediaRecorder segments where WebCodecs is missing.
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import type { ReplayOptions } from '../runtime/options.ts';
import type { ReplayClip, ReplayRecorder } from '../runtime/replay-types.ts';

interface Kept {
  chunk: EncodedVideoChunk;
  meta?: EncodedVideoChunkMetadata;
}

export function createReplayRecorder(
  canvas: HTMLCanvasElement,
  options: ReplayOptions,
  afterFrame: (fn: () => void) => void,
): ReplayRecorder {
  // The defaults ReplayOptions documents, applied here so the loader does not carry them.
  const o = { seconds: options.seconds ?? 30, fps: options.fps ?? 15, bitrate: options.bitrate ?? 1_500_000 };
  if (typeof VideoEncoder === 'function' && typeof VideoFrame === 'function')
    return webCodecsRecorder(canvas, o, afterFrame);
  return mediaRecorderRecorder(canvas, o);
}

function webCodecsRecorder(
  canvas: HTMLCanvasElement,
  o: { seconds: number; fps: number; bitrate: number },
  afterFrame: (fn: () => void) => void,
): ReplayRecorder {
  const width = canvas.width & ~1;
  const height = canvas.height & ~1;
  let kept: Kept[] = [];
  let bytes = 0;
  let frame = 0;
  let failed = false;
  const start = performance.now();
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      kept.push({ chunk, meta });
      bytes += chunk.byteLength;
      trim(chunk.timestamp);
    },
    error: () => {
      failed = true;
    },
  });
  encoder.configure({ codec: 'vp8', width, height, bitrate: o.bitrate, framerate: o.fps, latencyMode: 'realtime' });
  // Drop whole groups of pictures older than the window, always starting at a key frame.
  const trim = (now: number) => {
    const cutoff = now - o.seconds * 1e6;
    let firstKeep = 0;
    for (let i = 0; i < kept.length; i++) {
      if (kept[i].chunk.type === 'key' && kept[i].chunk.timestamp <= cutoff) firstKeep = i;
    }
    if (firstKeep > 0) {
      for (const k of kept.slice(0, firstKeep)) bytes -= k.chunk.byteLength;
      kept = kept.slice(firstKeep);
    }
  };
  const timer = setInterval(() => {
    if (failed || encoder.encodeQueueSize > 4) return; // a slow encoder skips frames, never queues without bound
    afterFrame(() => {
      if (failed || encoder.state !== 'configured') return;
      if (canvas.width < width || canvas.height < height) return; // resized smaller: skip until the next clip
      const timestamp = Math.round((performance.now() - start) * 1000);
      try {
        const vf = new VideoFrame(canvas, { timestamp, visibleRect: { x: 0, y: 0, width, height } });
        encoder.encode(vf, { keyFrame: frame++ % (o.fps * 2) === 0 });
        vf.close();
      } catch {
        failed = true;
      }
    });
  }, 1000 / o.fps);
  return {
    async clip(): Promise<ReplayClip | null> {
      if (failed) return null;
      await encoder.flush().catch(() => {});
      if (!kept.length) return null;
      const muxer = new Muxer({
        target: new ArrayBufferTarget(),
        video: { codec: 'V_VP8', width, height, frameRate: o.fps },
        firstTimestampBehavior: 'offset',
      });
      for (const k of kept) muxer.addVideoChunk(k.chunk, k.meta);
      muxer.finalize();
      return {
        blob: new Blob([muxer.target.buffer], { type: 'video/webm' }),
        contentType: 'video/webm',
        name: 'replay.webm',
      };
    },
    stop() {
      clearInterval(timer);
      try {
        encoder.close();
      } catch {
        /* closed */
      }
    },
    bytes: () => bytes,
  };
}

/** Fallback: MediaRecorder restarted every half window; the clip is the previous and the current segment. */
function mediaRecorderRecorder(
  canvas: HTMLCanvasElement,
  o: { seconds: number; fps: number; bitrate: number },
): ReplayRecorder {
  const stream = canvas.captureStream(o.fps);
  const type = ['video/webm;codecs=vp8', 'video/webm', 'video/mp4'].find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
  let previous: Blob[] = [];
  let current: Blob[] = [];
  let recorder: MediaRecorder | undefined;
  const startSegment = () => {
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    const r = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: o.bitrate });
    const parts: Blob[] = [];
    r.ondataavailable = (e) => {
      if (e.data.size) parts.push(e.data);
    };
    r.onstop = () => {
      previous = parts.slice();
    };
    current = parts;
    r.start(1000);
    recorder = r;
  };
  startSegment();
  const timer = setInterval(startSegment, (o.seconds / 2) * 1000);
  return {
    async clip() {
      // Only whole segments play back: each one starts with its own header.
      const parts = previous.length ? previous : current;
      if (!parts.length) return null;
      const contentType = type.split(';')[0] || 'video/webm';
      return {
        blob: new Blob(parts, { type: contentType }),
        contentType,
        name: contentType === 'video/mp4' ? 'replay.mp4' : 'replay.webm',
      };
    },
    stop() {
      clearInterval(timer);
      recorder?.stop();
      for (const t of stream.getTracks()) t.stop();
    },
    bytes: () => [...previous, ...current].reduce((n, b) => n + b.size, 0),
  };
}

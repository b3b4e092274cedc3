// What the loader holds of the device: the type of a WebGL game's GPU reading (read while the game idles by the
// overlay chunk, media/gpu-read.ts) and the short block a report carries when the reporter chunk cannot load. The
// full block, the GPU line included, is written in that chunk when a report is made (delivery/device-info.ts).

/** A WebGL context's [renderer, vendor]; '' when the canvas has another kind of context or the read failed. */
export type GpuFacts = '' | [renderer: unknown, vendor: unknown];

/** With no chunk at hand (offline since page load): a line the service parses, and the user agent for the rest. */
export const plainDeviceInfo = () => `User agent: ${navigator.userAgent}\nCPU: ${navigator.hardwareConcurrency} cores`;

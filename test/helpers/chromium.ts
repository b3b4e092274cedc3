// The one Chromium launch of the tests and scripts: Debian's Chromium (or CHROMIUM_PATH) through playwright-core,
// with the one set of flags every browser test uses.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // WebGL without a GPU: ANGLE on SwiftShader (the games and the demo need it; other pages never notice).
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A headless Chromium with CHROMIUM_ARGS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

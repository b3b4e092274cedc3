// Which server a test talks to: GLITCHBOX_API_URL names a running one (npm run conformance), else each file starts
// its own in-process. describeLocal/itLocal mark the tests that need the server's insides (its database, its clock
// object, its files, its process): against a URL they are reported skipped with the reason, never run half.
import { describe, it, type TestFunction } from 'vitest';

/** The server under test when it is another deployment, without a trailing slash; undefined in-process. */
export const REMOTE_URL = process.env.GLITCHBOX_API_URL?.replace(/\/+$/, '') || undefined;
export const isRemote = REMOTE_URL !== undefined;

/** The name a local-only test is listed under: unchanged in-process, with its reason against a URL. */
export function localName(name: string, reason: string): string {
  return isRemote ? `${name} [local-only: ${reason}]` : name;
}

/** A describe whose tests read the in-process server (`reason`: what they need), skipped against a URL. */
export function describeLocal(name: string, reason: string, body: () => void): void {
  describe.skipIf(isRemote)(localName(name, reason), body);
}

/** A test that reads the in-process server (`reason`: what it needs), skipped against a URL. */
export function itLocal(name: string, reason: string, body: TestFunction, timeout?: number): void {
  it.skipIf(isRemote)(localName(name, reason), body, timeout);
}

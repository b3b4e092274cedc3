// The Unreal crash container reader on its own: both layouts round-trip through the test
// encoder, NUL padding and paths are dropped from names, and a zlib bomb stops at the cap.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../reference-server/src/errors.ts';
import { parseUnrealCrash } from '../../reference-server/src/areas/crashes/container.ts';
import { encodeUnrealCrash } from '../helpers/unreal-crash.ts';

describe('parseUnrealCrash', () => {
  it.each(['cr1', 'legacy'] as const)('reads every file of the %s layout with its bytes', async (layout) => {
    const crash = await parseUnrealCrash(
      encodeUnrealCrash(
        [
          { name: 'Game.log', data: 'hello' },
          { name: 'Saved\\Crashes\\UEMinidump.dmp', data: new Uint8Array([0x4d, 0x44, 0x4d, 0x50]) },
        ],
        { layout, directory: 'UECC-1' },
      ),
    );
    expect(crash.directoryName).toBe('UECC-1');
    expect(crash.files.map((f) => [f.index, f.name, Buffer.from(f.bytes).toString('latin1')])).toEqual([
      [0, 'Game.log', 'hello'],
      [1, 'UEMinidump.dmp', 'MDMP'],
    ]);
  });

  it('stops inflating at the cap with a payload_too_large error', async () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024));
    try {
      await parseUnrealCrash(bomb, { maxUncompressedBytes: 4096 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('payload_too_large');
    }
  });
});

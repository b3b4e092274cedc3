// spark-md5 (pure JavaScript) as the MD5 worker's engine where WebAssembly may not be compiled: a chunk of the
// worker's own, so a worker that runs the WebAssembly MD5 never downloads it.
import SparkMD5 from 'spark-md5';
import type { Md5Engine } from './md5-engine.ts';

export function createSparkEngine(): Md5Engine {
  const spark = new SparkMD5.ArrayBuffer();
  return {
    append(bytes) {
      const { buffer, byteOffset, byteLength } = bytes;
      // spark-md5 takes a whole ArrayBuffer: a view over part of one (a stream's chunk may be) is copied out.
      spark.append(
        (byteOffset === 0 && byteLength === buffer.byteLength ? buffer : bytes.slice().buffer) as ArrayBuffer,
      );
    },
    end: () => btoa(spark.end(true)),
  };
}

// A growable matrix of vectors quantized to int8 (one scale per row) and the approximate dot
// product of a query with every row. The loop is a small WebAssembly SIMD function assembled
// below (i8 → i16 → i32x4.dot), memory-bound at a quarter of float32's bytes; a plain loop
// remains as the fallback where SIMD is missing. Callers re-score their top rows exactly.

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, bytes: number[]): number[] => [id, ...uleb(bytes.length), ...bytes];
const name = (text: string): number[] => vec([...text].map((c) => [c.charCodeAt(0)]));

/** dots(rows, query, out, count, dims): out[r] (i32) = Σ rows[r][k]·query[k] over int8; dims a multiple of 32. */
function assembleDots(): Uint8Array<ArrayBuffer> {
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const i32 = (n: number) => [0x41, ...(n < 64 ? [n] : [(n & 0x7f) | 0x80, n >> 7])]; // signed LEB of 0..8191
  const load = (offset: number) => [0xfd, 0x00, 4, ...uleb(offset)];
  const extendLow = [0xfd, 0x87, 0x01]; // i16x8.extend_low_i8x16_s
  const extendHigh = [0xfd, 0x88, 0x01]; // i16x8.extend_high_i8x16_s
  const dot = [0xfd, 0xba, 0x01]; // i32x4.dot_i16x8_s
  const add = [0xfd, 0xae, 0x01]; // i32x4.add
  const lane = (l: number) => [0xfd, 0x1b, l]; // i32x4.extract_lane
  const [M, Q, OUT, N, D, END, QP, A0, A1, X, Y] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const step = (acc: number, offset: number) => [
    ...get(M),
    ...load(offset),
    ...set(X),
    ...get(QP),
    ...load(offset),
    ...set(Y),
    ...get(acc),
    ...get(X),
    ...extendLow,
    ...get(Y),
    ...extendLow,
    ...dot,
    ...add,
    ...get(X),
    ...extendHigh,
    ...get(Y),
    ...extendHigh,
    ...dot,
    ...add,
    ...set(acc),
  ];
  const body = [
    0x02,
    0x40,
    0x03,
    0x40, // block, loop over rows
    ...get(N),
    0x45,
    0x0d,
    1, // no rows left: leave
    0x41,
    0,
    0xfd,
    0x11,
    ...set(A0),
    0x41,
    0,
    0xfd,
    0x11,
    ...set(A1), // accumulators = i32x4.splat(0)
    ...get(M),
    ...get(D),
    0x6a,
    ...set(END),
    ...get(Q),
    ...set(QP),
    0x03,
    0x40, // 32 bytes at a time
    ...step(A0, 0),
    ...step(A1, 16),
    ...get(M),
    ...i32(32),
    0x6a,
    ...set(M),
    ...get(QP),
    ...i32(32),
    0x6a,
    ...set(QP),
    ...get(M),
    ...get(END),
    0x49,
    0x0d,
    0,
    0x0b,
    ...get(A0),
    ...get(A1),
    ...add,
    ...set(A0),
    ...get(OUT),
    ...get(A0),
    ...lane(0),
    ...get(A0),
    ...lane(1),
    0x6a,
    ...get(A0),
    ...lane(2),
    0x6a,
    ...get(A0),
    ...lane(3),
    0x6a,
    0x36,
    2,
    0, // i32.store
    ...get(OUT),
    ...i32(4),
    0x6a,
    ...set(OUT),
    ...get(N),
    ...i32(1),
    0x6b,
    ...set(N),
    0x0c,
    0, // next row
    0x0b,
    0x0b,
    0x0b,
  ];
  const code = [
    ...vec([
      [2, 0x7f],
      [4, 0x7b],
    ]),
    ...body,
  ];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    1,
    0,
    0,
    0,
    ...section(1, vec([[0x60, ...vec([[0x7f], [0x7f], [0x7f], [0x7f], [0x7f]]), 0]])),
    ...section(2, vec([[...name('e'), ...name('m'), 0x02, 0x00, 1]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('dots'), 0x00, 0]])),
    ...section(10, vec([[...uleb(code.length), ...code]])),
  ]);
}

const DOTS = assembleDots();
const simdModule = WebAssembly.validate(DOTS) ? new WebAssembly.Module(DOTS) : null;
const PAGE = 65536;

/** The int8 form of a vector and the factor that turns its int8 dot products back. */
function quantize(vector: Float32Array, into: Int8Array): number {
  let max = 0;
  for (let i = 0; i < vector.length; i += 1) max = Math.max(max, Math.abs(vector[i]));
  const scale = max > 0 ? 127 / max : 1;
  for (let i = 0; i < vector.length; i += 1) into[i] = Math.round(vector[i] * scale);
  return 1 / scale;
}

/**
 * Rows of `dims` int8 values in one WebAssembly memory laid out as [query | rows… | out…];
 * the out area moves when the matrix grows, the rows never do.
 */
export class VectorMatrix {
  rows = 0;
  private capacity = 0;
  private memory: WebAssembly.Memory | null = null;
  private dots: ((m: number, q: number, out: number, n: number, d: number) => void) | null = null;
  private bytes = new Int8Array(0);
  private unscale = new Float32Array(0);
  private scores = new Float32Array(0);

  constructor(
    readonly dims: number,
    capacity = 64,
    private readonly simd = simdModule !== null,
  ) {
    if (dims % 32 !== 0) throw new Error('dims must be a multiple of 32');
    this.grow(capacity);
  }

  private sizeFor(capacity: number): number {
    return this.dims + capacity * this.dims + capacity * 4;
  }

  private grow(capacity: number): void {
    if (this.simd) {
      const pages = Math.ceil(this.sizeFor(capacity) / PAGE);
      if (!this.memory) {
        this.memory = new WebAssembly.Memory({ initial: pages });
        this.dots = new WebAssembly.Instance(simdModule!, { e: { m: this.memory } }).exports.dots as typeof this.dots;
      } else if (pages > this.memory.buffer.byteLength / PAGE) {
        this.memory.grow(pages - this.memory.buffer.byteLength / PAGE);
      }
      this.bytes = new Int8Array(this.memory.buffer);
    } else {
      const next = new Int8Array(this.sizeFor(capacity));
      next.set(this.bytes.subarray(0, this.dims + this.rows * this.dims));
      this.bytes = next;
    }
    const unscale = new Float32Array(capacity);
    unscale.set(this.unscale.subarray(0, this.rows));
    this.unscale = unscale;
    this.scores = new Float32Array(capacity);
    this.capacity = capacity;
  }

  /** Appends a row; answers its index. */
  push(vector: Float32Array): number {
    if (this.rows === this.capacity) this.grow(this.capacity * 2);
    this.set(this.rows, vector);
    return this.rows++;
  }

  set(row: number, vector: Float32Array): void {
    const start = this.dims + row * this.dims;
    this.unscale[row] = quantize(vector.subarray(0, this.dims), this.bytes.subarray(start, start + this.dims));
  }

  /** Removes the last row after copying it over `row` (swap-remove); answers the moved row's old index. */
  removeBySwap(row: number): number {
    const last = this.rows - 1;
    if (row !== last) {
      this.bytes.copyWithin(
        this.dims + row * this.dims,
        this.dims + last * this.dims,
        this.dims + (last + 1) * this.dims,
      );
      this.unscale[row] = this.unscale[last];
    }
    this.rows = last;
    return last;
  }

  /** Approximate query · row for every row; the view is valid until the next call or growth. */
  scoresFor(query: Float32Array): Float32Array {
    const { dims, rows } = this;
    const queryUnscale = quantize(query.subarray(0, dims), this.bytes.subarray(0, dims));
    const outStart = dims + this.capacity * dims;
    const out = new Int32Array(this.bytes.buffer, this.bytes.byteOffset + outStart, rows);
    if (this.dots) {
      this.dots(dims, 0, outStart, rows, dims);
    } else {
      const b = this.bytes;
      for (let r = 0, o = dims; r < rows; r += 1, o += dims) {
        let sum = 0;
        for (let k = 0; k < dims; k += 1) sum += b[o + k] * b[k];
        out[r] = sum;
      }
    }
    const scores = this.scores;
    for (let r = 0; r < rows; r += 1) scores[r] = out[r] * this.unscale[r] * queryUnscale;
    return scores.subarray(0, rows);
  }
}

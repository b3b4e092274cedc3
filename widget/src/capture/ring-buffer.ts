// A bounded FIFO: keeps the newest items within a count and an optional weight budget.

export interface RingBuffer<T> {
  push(item: T): void;
  items(): T[];
  readonly size: number;
  /** Items pushed over the buffer's life, including those dropped. */
  readonly total: number;
}

export function createRingBuffer<T>(
  maxItems: number,
  maxWeight = Infinity,
  weigh: (item: T) => number = () => 0,
): RingBuffer<T> {
  const buf: T[] = [];
  let weight = 0;
  let total = 0;
  return {
    push(item) {
      buf.push(item);
      weight += weigh(item);
      total++;
      while (buf.length > maxItems || (weight > maxWeight && buf.length > 1)) weight -= weigh(buf.shift() as T);
    },
    items: () => buf.slice(),
    get size() {
      return buf.length;
    },
    get total() {
      return total;
    },
  };
}

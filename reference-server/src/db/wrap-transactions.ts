// One way to put code around every transaction of a connection: the transaction functions better-sqlite3 makes
// (db.transaction) run each of their variants through `around`. Three layers use it: rollback bookkeeping and
// IMMEDIATE by default (database.ts), the request thread's commit groups, the job thread's announced writes.
import type { Db } from './database.ts';

type Transaction = ReturnType<Db['transaction']>;
type Variant = Transaction['deferred'];

/** `base` picks the variant a plain call runs (the default one unless told); `around` wraps each variant. */
export function wrapEachTransaction(
  db: Db,
  around: (variant: Variant) => Variant,
  base: (tx: Transaction) => Variant = (tx) => tx.default,
): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<Db['transaction']>[0]) => {
    const tx = transaction(fn);
    const wrapped = around(base(tx)) as unknown as Transaction;
    Object.defineProperties(wrapped, {
      default: { value: wrapped },
      deferred: { value: around(tx.deferred) },
      immediate: { value: around(tx.immediate) },
      exclusive: { value: around(tx.exclusive) },
      database: { value: db, enumerable: true },
    });
    return wrapped;
  }) as Db['transaction'];
}

// The one error a storage backend throws for a refused write (size, digest, truncated or aborted
// body). Its own module so backends can throw it without importing the storage factory.
export type StorageWriteFailure = 'bad_digest' | 'too_large' | 'incomplete' | 'aborted';

export class StorageWriteError extends Error {
  constructor(
    readonly reason: StorageWriteFailure,
    message: string,
  ) {
    super(message);
    this.name = 'StorageWriteError';
  }
}

// Loads data for a view and drops answers that arrive after the view moved on.
import { useEffect, useState } from 'preact/hooks';

export interface AsyncState<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}

export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ loading: true });
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => {
        if (current) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (current) setState({ error, loading: false });
      },
    );
    return () => {
      current = false;
    };
  }, deps);
  return state;
}

import { MutationObserver, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Runs a mutation (its function and its cache writes, as `useMutation` would) through the query
 * client's mutation cache, without subscribing the component to the mutation's state: for a
 * request whose progress the component already holds in its own state. `useMutation` reads that
 * state through `useSyncExternalStore`, so its host re-renders as each request starts and ends;
 * on the home page the host is the whole generator (`docs/web-app.md`, "The home page's first
 * download"). The options are read once, on the first render. Returns a stable function whose
 * promise settles with the request.
 */
export function useMutationCall<TData, TError, TVariables>(
  options: UseMutationOptions<TData, TError, TVariables>,
): (variables: TVariables) => Promise<TData> {
  const queryClient = useQueryClient();
  const [observer] = useState(() => new MutationObserver(queryClient, options));
  return observer.mutate;
}

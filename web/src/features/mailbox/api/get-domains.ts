import type { DomainList } from '@et/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

/** `GET /api/v1/domains`: the domains a new address can be made on, in the operator's order. */
export function getDomains(signal?: AbortSignal): Promise<DomainList> {
  return apiJson<DomainList>('/domains', { signal });
}

export function domainsQueryOptions() {
  return queryOptions({
    queryKey: ['domains'] as const,
    queryFn: ({ signal }) => getDomains(signal),
    // The list changes only when the operator restarts the nodes with other settings.
    staleTime: 10 * 60_000,
    select: (list) => list.domains,
  });
}

/** The active domains; empty until known or when the request failed (then no menu shows). */
export function useDomains(): readonly string[] {
  return useQuery(domainsQueryOptions()).data ?? NO_DOMAINS;
}

const NO_DOMAINS: readonly string[] = [];

import { type Country, getMFACountries } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const COUNTRIES_ERROR_MESSAGE = 'Unable to fetch countries from server';

export const countriesQueryKey = ['plan', 'countries'] as const;

/** The countries numbers can be bought in; a failure toasts the spec's message (see query-client). */
export function useCountries() {
  return useQuery<Country[]>({
    queryKey: countriesQueryKey,
    queryFn: ({ signal }) => api.data(getMFACountries, { signal }),
    // The catalogue changes rarely; one fetch per hour is plenty.
    staleTime: 60 * 60 * 1000,
    meta: { errorToast: COUNTRIES_ERROR_MESSAGE },
  });
}

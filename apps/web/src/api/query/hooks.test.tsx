import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient } from './client';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from './hooks';

// No DOM here: the hooks' first render (the server snapshot) shows their wiring; their behaviour after mount
// is QueryObserver's and MutationObserver's (query.test.ts).
const render = (client: QueryClient, node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);

function Name({ staleTime }: { staleTime?: number }) {
  const name = useQuery({ queryKey: ['name'], queryFn: async () => 'fetched', staleTime });
  return <p>{`${name.status} ${name.isFetching} ${name.data ?? '-'}`}</p>;
}

describe('useQuery', () => {
  it('renders the cached data, fresh or about to be fetched again', () => {
    const client = new QueryClient();
    client.setQueryData(['name'], 'cached');
    expect(render(client, <Name staleTime={60_000} />)).toBe('<p>success false cached</p>');
    expect(render(client, <Name />)).toBe('<p>success true cached</p>');
  });

  it('renders pending and fetching before the first answer, and fetches nothing before mounting', () => {
    const client = new QueryClient();
    expect(render(client, <Name />)).toBe('<p>pending true -</p>');
    expect(client.findAll({ queryKey: ['name'] })[0]?.state.fetchStatus).toBe('idle');
  });
});

describe('useQueryClient and useMutation', () => {
  function Save() {
    const client = useQueryClient();
    const save = useMutation({ mutationFn: async (name: string) => name });
    return <p>{`${client instanceof QueryClient} ${save.status} ${save.isPending}`}</p>;
  }

  it('give the provider’s client and an idle mutation', () => {
    expect(render(new QueryClient(), <Save />)).toBe('<p>true idle false</p>');
  });

  it('fails without a provider', () => {
    expect(() => renderToStaticMarkup(<Save />)).toThrow(/No QueryClient set/);
  });
});

import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionQueryProvider } from './query-client';

function Users({ onClient }: { onClient: (client: QueryClient) => void }) {
  onClient(useQueryClient());
  const users = useQuery({ queryKey: ['users'], queryFn: () => Promise.resolve(['Ann', 'Bo']) });
  return <p>{users.data?.join(', ') ?? 'loading'}</p>;
}

describe("the session's query cache", () => {
  it('is emptied when the shell unmounts on sign-out', async () => {
    let client: QueryClient | undefined;
    const rendered = render(
      <SessionQueryProvider>
        <Users onClient={(seen) => (client = seen)} />
      </SessionQueryProvider>,
    );
    expect(await screen.findByText('Ann, Bo')).toBeVisible();
    expect(client?.getQueryData(['users'])).toEqual(['Ann', 'Bo']);
    rendered.unmount();
    expect(client?.getQueryCache().getAll()).toEqual([]);
  });

  it('is a fresh one for the next session', async () => {
    const clients: QueryClient[] = [];
    const first = render(
      <SessionQueryProvider>
        <Users onClient={(seen) => clients.push(seen)} />
      </SessionQueryProvider>,
    );
    await screen.findByText('Ann, Bo');
    first.unmount();
    render(
      <SessionQueryProvider>
        <Users onClient={(seen) => clients.push(seen)} />
      </SessionQueryProvider>,
    );
    expect(screen.getByText('loading')).toBeVisible();
    expect(new Set(clients).size).toBe(2);
  });
});

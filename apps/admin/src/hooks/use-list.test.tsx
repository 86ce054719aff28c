import type { Page } from '@app/contract/common';
import { keepPreviousData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ListTable } from '../components/list-table';
import { ListToolbar } from '../components/list-toolbar';
import type { Paging } from '../lib/list-params';
import { TestProviders } from '../testing/test-providers';
import { useList } from './use-list';

interface Fruit {
  id: string;
  name: string;
  colour: 'red' | 'green';
}

const FRUITS: Fruit[] = Array.from({ length: 45 }, (_, index) => ({
  id: String(index + 1),
  name: `Fruit ${index + 1}`,
  colour: index % 2 === 0 ? 'red' : 'green',
}));

/** A server that pages and filters the fruits, and says what it was asked. */
function fruitServer() {
  const asked: string[] = [];
  let isDown = false;
  const page = (params: { colour?: Fruit['colour'] } & Paging) => ({
    queryKey: ['fruits', params],
    queryFn: async (): Promise<Page<Fruit>> => {
      asked.push(JSON.stringify(params));
      if (isDown) throw new Error('The fruit server is down');
      const matching = FRUITS.filter((fruit) => !params.colour || fruit.colour === params.colour);
      const start = (params.page - 1) * params.pageSize;
      return { list: matching.slice(start, start + params.pageSize), total: matching.length, ...params };
    },
    placeholderData: keepPreviousData,
  });
  return { asked, page, goDown: () => (isDown = true), comeBack: () => (isDown = false) };
}

type Colour = Fruit['colour'];

const readColour = (searchParams: URLSearchParams): { colour?: Colour } => {
  const colour = searchParams.get('colour');
  return { colour: colour === 'red' || colour === 'green' ? colour : undefined };
};

function renderList(server: ReturnType<typeof fruitServer>, url = '/fruits') {
  function FruitsScreen() {
    const list = useList({ filters: readColour, page: server.page });
    const location = useLocation();
    return (
      <>
        <p data-testid="address">{`${location.pathname}${location.search}`}</p>
        <ListToolbar list={list}>
          <Button onClick={() => list.filter({ colour: 'green' })}>Green only</Button>
        </ListToolbar>
        <ListTable<Fruit> list={list} columns={[{ title: 'Name', dataIndex: 'name' }]} />
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/fruits', element: <FruitsScreen /> }], { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders>
      <App>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </TestProviders>,
  );
}

const rowNames = () => [...document.querySelectorAll('.ant-table-tbody .ant-table-row')].map((row) => row.textContent);

describe('the list hook', () => {
  test('shows the page the address names, and pages on from the pager', async () => {
    const server = fruitServer();
    renderList(server, '/fruits?page=2');
    await screen.findByText('Fruit 21');
    expect(rowNames()).toHaveLength(20);
    expect(rowNames()[19]).toBe('Fruit 40');
    expect(screen.getByText('45 in total')).toBeTruthy();

    await userEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('Fruit 41')).toBeTruthy();
    expect(rowNames()).toEqual(['Fruit 41', 'Fruit 42', 'Fruit 43', 'Fruit 44', 'Fruit 45']);
    expect(screen.getByTestId('address').textContent).toBe('/fruits?page=3&pageSize=20');
    expect(server.asked.at(-1)).toBe(JSON.stringify({ page: 3, pageSize: 20 }));
  });

  test('a changed filter goes to the server and back to the first page', async () => {
    const server = fruitServer();
    renderList(server, '/fruits?page=2');
    await screen.findByText('Fruit 21');
    await userEvent.click(screen.getByRole('button', { name: 'Green only' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Fruit 2'));
    expect(rowNames()[1]).toBe('Fruit 4');
    expect(screen.getByText('22 in total')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/fruits?colour=green');
    expect(server.asked.at(-1)).toBe(JSON.stringify({ colour: 'green', page: 1, pageSize: 20 }));
  });

  test('a failed load says why and loads again from the retry and refresh buttons', async () => {
    const server = fruitServer();
    server.goDown();
    renderList(server);
    expect(await screen.findByText('The fruit server is down')).toBeTruthy();
    server.comeBack();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fruit 1')).toBeTruthy();
    expect(screen.queryByText('The fruit server is down')).toBeNull();

    const before = server.asked.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.asked.length).toBe(before + 1));
  });

  test('a short list comes whole, in the order the screen gives, without a pager', async () => {
    function ShortList() {
      const list = useList({
        all: { queryKey: ['few-fruits'], queryFn: async () => FRUITS.slice(0, 3) },
        order: (a: Fruit, b: Fruit) => b.name.localeCompare(a.name),
      });
      return <ListTable<Fruit> list={list} columns={[{ title: 'Name', dataIndex: 'name' }]} />;
    }
    const router = createMemoryRouter([{ path: '/', element: <ShortList /> }]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByText('Fruit 1');
    expect(rowNames()).toEqual(['Fruit 3', 'Fruit 2', 'Fruit 1']);
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

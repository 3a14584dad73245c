import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearResources, rereadResources, useResource } from './resource';

function Shown({ keyName, fetcher }: { keyName: string; fetcher: () => Promise<string> }) {
  const state = useResource(['contributor', keyName], fetcher);
  return <p>{state.isPending ? 'loading' : state.data}</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => clearResources());

describe('rereadResources (a service worker took control)', () => {
  it('reads again a read that was in flight when it was called, once that read is back', async () => {
    const first = deferred<string>();
    const calls: string[] = [];
    let n = 0;
    const fetcher = () => {
      n += 1;
      calls.push(`read ${n}`);
      return n === 1 ? first.promise : Promise.resolve('through the worker');
    };
    render(<Shown keyName="journey" fetcher={fetcher} />);
    expect(calls).toEqual(['read 1']);
    const reread = rereadResources(['contributor']);
    await act(async () => {
      first.resolve('around the worker');
      await reread;
    });
    expect(calls).toEqual(['read 1', 'read 2']);
    expect(screen.getByText('through the worker')).toBeInTheDocument();
  });

  it('reads again an entry no page shows any more, and leaves other keys alone', async () => {
    let campaignReads = 0;
    let otherReads = 0;
    const view = render(<Shown keyName="campaign" fetcher={() => Promise.resolve(`campaign ${++campaignReads}`)} />);
    await screen.findByText('campaign 1');
    view.unmount();
    function Other() {
      const state = useResource(['staff', 'x'], () => Promise.resolve(`other ${++otherReads}`));
      return <p>{state.data}</p>;
    }
    render(<Other />);
    await screen.findByText('other 1');
    await act(() => rereadResources(['contributor']));
    expect(campaignReads).toBe(2);
    expect(otherReads).toBe(1);
  });
});

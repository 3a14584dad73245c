import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearResources, rereadResources, updateResourceData, useResource } from './resource';

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

describe('updateResourceData (a script saved in the studio, then "Prepare your script" opened)', () => {
  it('shows the change at once, and a read sent before it does not put the older words back', async () => {
    let reads = 0;
    const second = deferred<string>();
    const fetcher = () => (++reads === 1 ? Promise.resolve('campaign script') : second.promise);
    const first = render(<Shown keyName="journey" fetcher={fetcher} />);
    await screen.findByText('campaign script');
    first.unmount();
    // The next page mounts and reads again; the collaborator's words are saved while that read is out.
    render(<Shown keyName="journey" fetcher={fetcher} />);
    expect(reads).toBe(2);
    act(() => updateResourceData<string>(['contributor', 'journey'], () => 'my own words'));
    expect(screen.getByText('my own words')).toBeInTheDocument();
    await act(async () => second.resolve('campaign script'));
    expect(screen.getByText('my own words')).toBeInTheDocument();
  });

  it('changes nothing under a key never read', () => {
    updateResourceData<string>(['contributor', 'never'], () => 'x');
    render(<Shown keyName="never" fetcher={() => new Promise<string>(() => undefined)} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});

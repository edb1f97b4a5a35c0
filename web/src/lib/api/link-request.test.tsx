import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useLinkRequest } from './link-request';

function Page({ ready, act }: { ready: boolean; act: (value: string) => void }) {
  useLinkRequest('new', ready, act);
  return <p>page</p>;
}

function renderAt(path: string, ready: boolean, act: (value: string) => void) {
  const memory = memoryLocation({ path, record: true });
  const ui = (isReady: boolean) => (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Page ready={isReady} act={act} />
    </Router>
  );
  const view = render(ui(ready));
  return { memory, rerender: (isReady: boolean) => view.rerender(ui(isReady)) };
}

describe('useLinkRequest', () => {
  it('acts once on the parameter and takes it out of the address, keeping the others', async () => {
    const act = vi.fn();
    const { memory } = renderAt('/chat-groups?page=2&new=group', true, act);
    await screen.findByText('page');
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith('group');
    expect(memory.history.at(-1)).toBe('/chat-groups?page=2');
  });

  it('waits until the page is ready', async () => {
    const act = vi.fn();
    const { memory, rerender } = renderAt('/send-notification?new=42', false, act);
    await screen.findByText('page');
    expect(act).not.toHaveBeenCalled();
    rerender(true);
    expect(act).toHaveBeenCalledWith('42');
    expect(memory.history.at(-1)).toBe('/send-notification');
  });

  it('does nothing without the parameter', async () => {
    const act = vi.fn();
    const { memory } = renderAt('/chat-groups?page=2', true, act);
    await screen.findByText('page');
    expect(act).not.toHaveBeenCalled();
    expect(memory.history).toEqual(['/chat-groups?page=2']);
  });
});

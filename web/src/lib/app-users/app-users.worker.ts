import { answerLoadRequest, type WorkerReply } from './protocol';

/**
 * A module worker: downloads, parses and validates the whole user list (tens of MB for a large
 * community) so the page's main thread never runs that long task.
 */

// The web project's types describe a window; this file runs in a worker, whose `self` is
// described here by the little of it we use.
interface WorkerScope {
  postMessage(message: WorkerReply, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void answerLoadRequest(event.data, {
    fetch: (input, init) => fetch(input, init),
    post: (reply, transfer = []) => scope.postMessage(reply, transfer),
  });
});

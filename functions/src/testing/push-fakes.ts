import type { PushMessage, PushSender, SendResult } from '../handlers/push/index.js';

/**
 * A PushSender that records every batch and answers per token: `fail(token)` gives an FCM
 * error code for that token, or undefined for sent. `inFlightPeak` is the most batches that
 * were being sent at once.
 */
export function fakeSender(fail: (token: string) => string | undefined = () => undefined) {
  const batches: PushMessage[][] = [];
  let inFlight = 0;
  const sender: PushSender & { batches: PushMessage[][]; inFlightPeak: number } = {
    batches,
    inFlightPeak: 0,
    async sendEach(messages) {
      batches.push(messages);
      inFlight++;
      sender.inFlightPeak = Math.max(sender.inFlightPeak, inFlight);
      // Let other batches start, as a network call would.
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return {
        results: messages.map(({ token }): SendResult => {
          const code = fail(token);
          return code === undefined ? { ok: true } : { ok: false, error: { code } };
        }),
      };
    },
  };
  return sender;
}

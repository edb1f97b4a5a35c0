import { describe, expect, it } from 'vitest';
import { triggersOfBackends } from './trigger-backends.js';

describe('triggersOfBackends', () => {
  it('keeps the database triggers of every backend', () => {
    const fn = (id: string, eventType: string, patterns: Record<string, string>) => ({
      id,
      eventTrigger: { eventType, eventFilters: {}, eventFilterPathPatterns: patterns },
    });
    const triggers = triggersOfBackends({
      backends: [
        {
          functionTriggers: [
            fn('us-central1-onAlertCreated', 'google.firebase.database.ref.v1.created', {
              ref: 'alerts/{id}',
              instance: '*',
            }),
            fn('us-central1-onUpload', 'google.cloud.storage.object.v1.finalized', {}),
            { id: 'us-central1-api', httpsTrigger: {} },
          ],
        },
        {
          functionTriggers: [
            fn('us-central1-onX', 'google.firebase.database.ref.v1.written', { ref: 'x' }),
          ],
        },
      ],
    });
    expect(triggers.map((t) => [t.id, t.change, t.ref, t.instance])).toEqual([
      ['us-central1-onAlertCreated', 'created', 'alerts/{id}', '*'],
      ['us-central1-onX', 'written', 'x', '*'],
    ]);
  });
});

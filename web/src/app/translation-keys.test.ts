import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import common from '@/locales/en.json';
import users from '@/features/users/locales/en.json';

/**
 * Translation keys are typed (see i18next.d.ts): a key that is not in English does not compile,
 * in the common strings and in every feature's. `npm run typecheck` fails if one of the
 * `@ts-expect-error` lines below stops being an error.
 */
export function unknownKeysDoNotCompile(t: TFunction): string[] {
  return [
    // @ts-expect-error: not a key of the common strings
    t('NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the admins strings
    t('admins:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the announcements strings
    t('announcements:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the builder strings
    t('builder:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the chat strings
    t('chat:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the complaints strings
    t('complaints:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the dashboard strings
    t('dashboard:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the e-commerce strings
    t('e-commerce:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the errors strings
    t('errors:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the groups strings
    t('groups:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the notifications strings
    t('notifications:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the offers strings
    t('offers:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the prices strings
    t('prices:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the template-demos strings
    t('template-demos:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the terms strings
    t('terms:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the user-profile strings
    t('user-profile:NO_SUCH_KEY'),
    // @ts-expect-error: not a key of the users strings
    t('users:NO_SUCH_KEY'),
  ];
}

describe('typed translation keys', () => {
  it('still translate the keys that exist, by namespace prefix or the common default', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      defaultNS: 'common',
      fallbackNS: 'common',
      resources: { en: { common, users } },
    });
    expect(i18n.t('COMMON.CLOSE')).toBe(common.COMMON.CLOSE);
    expect(i18n.t('users:HEADING')).toBe(users.HEADING);
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import { MENU_COMMANDS } from './device-commands';

type Tree = Record<string, Record<string, string>>;
const files = import.meta.glob<Tree>('/src/locales/*/{device,device-detail}.json', { eager: true, import: 'default' });
const tree = (language: string, namespace: string) => files[`/src/locales/${language}/${namespace}.json`] ?? {};

describe('command names', () => {
  // The menu item, its confirmation's title and the request it queues all say the same words.
  it.each(LANGUAGES)('names each menu command as its requests are named, in %s', (language) => {
    const menu = tree(language, 'device-detail')['menuCommand'] ?? {};
    const requests = tree(language, 'device')['commandName'] ?? {};
    const commands = MENU_COMMANDS.filter((entry) => entry !== 'firmware');
    expect(Object.fromEntries(commands.map((command) => [command, menu[command]]))).toEqual(
      Object.fromEntries(commands.map((command) => [command, requests[command]])),
    );
  });
});

// Every namespace of one language but the on-demand ones (../on-demand-namespaces.ts), bundled into one chunk that is fetched when the language is shown.
export default import.meta.glob<Record<string, string>>(
  ['/src/locales/it/*.json', '!/src/locales/it/device-detail.json'],
  { eager: true, import: 'default' },
);

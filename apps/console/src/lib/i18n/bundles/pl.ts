// Every namespace of one language, bundled into one chunk that is fetched when the language is shown.
export default import.meta.glob<Record<string, string>>('/src/locales/pl/*.json', { eager: true, import: 'default' });

// The first screen's namespaces of one language, bundled into one chunk fetched when the language is shown.
export default import.meta.glob<Record<string, string>>('/src/locales/pt/{common,errors,home,preferences}.json', {
  eager: true,
  import: 'default',
});

import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { keycloakRealmJson } from './keycloak-realm';

/** `npm run realm:export`: writes the demo realm for Keycloak (deploy/keycloak/farola-realm.json). */
export const REALM_EXPORT = new URL('../../../deploy/keycloak/farola-realm.json', import.meta.url);

await mkdir(new URL('.', REALM_EXPORT), { recursive: true });
await writeFile(REALM_EXPORT, keycloakRealmJson());
console.log(`Wrote ${fileURLToPath(REALM_EXPORT)}`);

import { createStore } from 'jotai';

/** The one Jotai store: the app's Provider uses it, and realtime writers set atoms in it outside React. */
export const appStore = createStore();
export type AppStore = typeof appStore;

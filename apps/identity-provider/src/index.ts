export * from './realm';

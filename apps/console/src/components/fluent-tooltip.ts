// The module `DeferredTooltip` loads on demand: a module of its own, so the build gives Fluent's
// tooltip (and its positioning) a chunk of its own rather than the shared Fluent chunk.
export { Tooltip } from '@fluentui/react-components';

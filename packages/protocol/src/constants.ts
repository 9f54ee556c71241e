// The protocol's constants and zod-free helpers, for code that must not build schemas when it loads (the
// console's start-up: storage keys, timeouts, the runtime meta reader, path building). Every module reached
// from here imports no zod (constants.test.ts walks the graph); schemas and route tables are in the main entry.
export * from './limits';
export * from './routes/buildPath';
export * from './runtimeMeta';
export * from './stomp/topicPatterns';

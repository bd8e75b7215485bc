/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.browser-spec.ts'],
  transform: { '^.+\\.(t|j)s$': swc },
  moduleNameMapper: {
    '^@agent-ledger/([a-z0-9-]+)/testing$': '<rootDir>/libs/$1/src/testing',
    '^@agent-ledger/client/claude-agent-sdk$': '<rootDir>/libs/client/src/claude-agent-sdk',
    '^@agent-ledger/client/openai-agents$': '<rootDir>/libs/client/src/openai-agents',
    '^@agent-ledger/([a-z0-9-]+)$': '<rootDir>/libs/$1/src',
  },
  setupFiles: ['<rootDir>/test/jest.setup.ts'],
  // A timeout here detects a hang, not slowness (speed lives in `npm run bench`): on a loaded
  // 2-core machine a server start or a property test can take well over 30 s without anything
  // being wrong, and a test must not fail for that.
  testTimeout: 120000,
  // Tests start servers and gRPC emulators; each stops its own, and start-server kills any left
  // after a failure. Should a handle still leak, CI must end with the results, not hang: Jest then
  // says "Force exiting Jest", which is the signal to look for the leak.
  forceExit: true,
};

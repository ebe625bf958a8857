/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: '<rootDir>/jest/environment.ts',
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
  roots: ['<rootDir>/shared-api', '<rootDir>/shared-ui', '<rootDir>/shell', '<rootDir>/student-app', '<rootDir>/institute-app', '<rootDir>/admin-app'],
  testMatch: ['**/src/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  transformIgnorePatterns: ['/node_modules/(?!(ky)/)'],
  moduleNameMapper: {
    '\\.(png|jpe?g|svg|webp|css)$': '<rootDir>/jest/file-stub.ts',
    // Chakra theme parts, file by file (shared-ui/src/system.ts); the CommonJS build for jest.
    '^chakra-theme-dist/(.*)\\.js$': '<rootDir>/node_modules/@chakra-ui/react/dist/cjs/theme/$1.cjs',
    // Chakra's createSystem module (shared-ui/src/system.ts): unpatched here, so without createSystemSteps
    '^chakra-styled-system-dist/(.*)\\.js$': '<rootDir>/node_modules/@chakra-ui/react/dist/cjs/styled-system/$1.cjs',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
  // No file watching in a test run: looking for watchman stalled jest on these machines.
  watchman: false,
};
export default config;

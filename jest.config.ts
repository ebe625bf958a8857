/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: '<rootDir>/jest/environment.ts',
  globalSetup: '<rootDir>/jest/global-setup.ts',
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
  roots: ['<rootDir>/shared-api', '<rootDir>/shared-ui', '<rootDir>/shell', '<rootDir>/student-app', '<rootDir>/institute-app', '<rootDir>/admin-app'],
  testMatch: ['**/src/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  moduleNameMapper: {
    '\\.(png|jpe?g|svg|webp|css)$': '<rootDir>/jest/file-stub.ts',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
  // No file watching in a test run: looking for watchman stalled jest on these machines.
  watchman: false,
};
export default config;

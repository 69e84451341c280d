// Lint for the server, the reader, the admin, the contracts, tests and benches.
// typescript-eslint's recommended rules without type information: fast enough to run on every CI run.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'builds/**', 'node_modules/**', 'test-artifacts/**', '.dev/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Nest's DI and decorators need classes with only a constructor, and empty interfaces as tokens.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}', 'reader/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // sharp's module turns libvips's process-wide cache back on whenever it loads (the image thread
    // loads its own copy): src/common/sharp.ts turns it off again, so the server imports it only there.
    files: ['src/**/*.ts'],
    ignores: ['src/common/sharp.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'sharp', message: "Import sharp from src/common/sharp.ts (it keeps libvips's cache off)." }] },
      ],
    },
  },
  {
    // Tests may use any-typed fixtures and non-null assertions on known data.
    files: ['test/**', '**/*.spec.{ts,tsx}', 'bench/**', 'reader/test-support/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

// ESLint flat config: recommended JS and type-aware TypeScript rules, plus the
// extension's layering rules.

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = { process: 'readonly', console: 'readonly', setTimeout: 'readonly', Buffer: 'readonly' };

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', '*.vsix'] },
  js.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      curly: 'error',
    },
  },
  {
    // Only vscodeApi.ts uses `vscode` at run time (so a stub can replace one
    // small surface), and only server.ts the language client.
    files: ['src/**/*.ts'],
    ignores: ['src/vscodeApi.ts', 'src/server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'Import types only; call the API through ./vscodeApi.', allowTypeImports: true },
            { name: 'vscode-languageclient/node', message: 'Only server.ts talks to the language client.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Modules the integration test loads in plain Node must not need VS Code at all.
    files: ['src/launch.ts', 'src/protocol.ts', 'src/serverApi.ts', 'src/serverSettings.ts', 'src/python.ts', 'src/coalesce.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['vscode', 'vscode-*', './vscodeApi', './settings', './server'], message: 'This module must load without VS Code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'Import types only; call the API through ./vscodeApi.', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests poke at stubs and fake answers; these rules would only add casts.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);

// @ts-check
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
// Scripts inside .astro files reach ESLint as virtual files such as `Page.astro/1_1.ts`; they have
// no place in a tsconfig, so they get the rules that need no type information.
const ASTRO_VIRTUAL = ['**/*.astro/*.ts', '**/*.astro/*.js'];

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.astro/',
      'test-results/',
      '.site-check/',
      'site-check-out/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
  },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: TS_FILES,
    ignores: ASTRO_VIRTUAL,
  })),
  {
    files: TS_FILES,
    ignores: ASTRO_VIRTUAL,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Typed-array reads under noUncheckedIndexedAccess need `!`; the engine trusts its invariants.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Bit twiddling on packed moves and pieces mixes numbers and enums-as-numbers freely.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
    },
  },
  ...astro.configs['flat/recommended'],
  {
    files: ASTRO_VIRTUAL,
    ...tseslint.configs.disableTypeChecked,
  },
);

// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = new URL('./src/features/', import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Features never import each other, nor the app that composes them. For each feature folder,
 * forbid imports that reach another feature by alias ("@/features/x") or by a relative path
 * ("../x/..", "../../features/x"), and imports of "@/app" or "../app".
 */
const featureBoundaries = features.map((feature) => {
  const others = features.filter((name) => name !== feature).map(escape);
  const patterns = [
    {
      regex: `^@/features/(?!${escape(feature)}(/|$))`,
      message: 'Features must not import other features; compose them in src/app.',
    },
    { regex: '^@/app(/|$)|^(\\.\\./)+app(/|$)', message: 'Features must not import src/app.' },
    { regex: '^(\\.\\./)+features/', message: 'Import shared code through "@/shared"; features stay independent.' },
  ];
  if (others.length > 0) {
    patterns.push({
      regex: `^(\\.\\./)+(${others.join('|')})(/|$)`,
      message: 'Features must not import other features; compose them in src/app.',
    });
  }
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
});

/** Shared code is the bottom layer: it imports neither features nor the app. */
const sharedBoundary = {
  files: ['src/shared/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^@/(features|app)(/|$)', message: 'src/shared must not depend on features or the app.' },
          { regex: '^(\\.\\./)+(features|app)(/|$)', message: 'src/shared must not depend on features or the app.' },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'dev-dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  ...featureBoundaries,
  sharedBoundary,
);

// Lint (issue 16 step 4): what a formatter cannot see. Prettier owns the layout (.prettierrc.json);
// scripts/check-cycles.mjs also counts folder cycles and route→route imports, which no rule here does.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import nextPlugin from '@next/eslint-plugin-next';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      '.data/',
      '.data-*/',
      'public/',
      'server/db/migrations/',
      'test-results/',
      'playwright-report/',
      'next-env.d.ts',
      // Payload's admin for bench/payload-admin/front.ts: its build, and the route files Payload generates ("DO NOT MODIFY").
      'bench/payload-admin/.next/',
      'bench/payload-admin/next-env.d.ts',
      'bench/payload-admin/src/app/(payload)/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    extends: [tseslint.configs.base],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@next/next/no-img-element': 'error',
      '@next/next/no-html-link-for-pages': 'off',
      '@typescript-eslint/no-require-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-debugger': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  // Every password field is components/common/password-input.tsx (its eye is not a Tab stop, ux P3-17).
  {
    files: ['components/**/*.tsx', 'app/**/*.tsx'],
    ignores: ['components/common/password-input.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXMemberExpression[object.name='Input'][property.name='Password']",
          message: 'Use PasswordInput from components/common/password-input (its eye toggle is out of the Tab order).',
        },
      ],
    },
  },
  // antd's `App` brings its notification component into every screen's first load (issue 25).
  {
    files: ['components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['App'],
              message: 'Use useApp / AppFeedbackRoot from components/common/app-feedback (no notification in the first load).',
            },
            { name: 'antd', importNames: ['notification'], message: 'Nothing of ours opens antd notifications; use message or modal from useApp().' },
          ],
        },
      ],
    },
  },
  // Playwright fixtures call `use(value)`, which is not React's `use`.
  { files: ['e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
);

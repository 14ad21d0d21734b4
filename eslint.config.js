// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      '.data/',
      'examples/demo/.data/',
      '**/.next/',
      'examples/next/next-env.d.ts',
      'examples/next/next.config.mjs',
      'test/fixtures/next-edge/next.config.mjs',
      'test/fixtures/next-edge/next-env.d.ts',
      '**/.svelte-kit/',
      'examples/sveltekit/build/',
      'examples/sveltekit/svelte.config.js',
      '.quick-start/',
      // Run by `node` against the built package, as an application would (bench/http-run.ts).
      'bench/http-server.mjs',
      // Plain JavaScript, also copied into the Next.js and SvelteKit bench apps (bench/http-apps.ts).
      'bench/session-floor.mjs',
      'bench/.generated/',
      // Compiled against the packed package by test/packaging/packed-package.test.ts, where `@auth/core` is Gatehouse.
      'test/fixtures/authjs-augmentation/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A missed await on a session delete or a cookie write is a security bug.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
)

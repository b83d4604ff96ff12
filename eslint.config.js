import js from '@eslint/js'
import globals from 'globals'
import i18next from 'eslint-plugin-i18next'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', '.outpost-demo/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Hono's c.var builds a new object of every variable at each read; c.get reads one.
          selector: "MemberExpression[object.name='c'][property.name='var']",
          message:
            "Read a request's variables with c.get('name'): c.var copies them all each time.",
        },
      ],
    },
  },
  {
    // Tests read JSON bodies whose shape the assertions themselves check.
    files: ['test/**/*.ts', 'src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every word on screen comes from the catalogues (src/renderer/src/i18n): text in JSX, and
      // the attributes people read or hear. Punctuation and symbols alone are not words; example
      // values (a URL, "acme-crm") are not sentences.
      'i18next/no-literal-string': [
        'error',
        { words: { exclude: ['[0-9!-/:-@[-`{-~\\s·—–…→←↑↓×✓⌘≈›▲▼⠿]+', '[A-Z_-]+', 'Outpost'] } },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-roledescription|title|placeholder|alt|label)$/] > Literal[value=/^[A-Z][a-z]|[a-z]+ [a-z]/]',
          message: 'Words people read or hear come from the catalogues: use t().',
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
)

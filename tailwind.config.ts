import type { Config } from 'tailwindcss';

/** The theme of spec section 1 and 9: dark-blue primary, red error, the spec's breakpoints. */
export default {
  darkMode: 'class',
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    screens: { xs: '600px', sm: '960px', md: '1280px', lg: '1920px' },
    extend: {
      colors: {
        primary: {
          50: '#eef3fb',
          100: '#d5e1f5',
          200: '#aac3ea',
          300: '#7a9fd9',
          400: '#4a78c2',
          500: '#2a5aa6',
          600: '#1d4688',
          700: '#17386d',
          800: '#122c56',
          900: '#0d2142',
          DEFAULT: '#17386d',
        },
        error: { DEFAULT: '#c62828', light: '#fdecea', dark: '#8e1c1c' },
      },
      fontFamily: {
        sans: ['"Noto Sans Khmer"', 'system-ui', 'sans-serif'],
      },
      width: { sidebar: '256px', 'sidebar-mini': '56px' },
    },
  },
} satisfies Config;

import { createTheme } from '@mantine/core';

/** The admin and storefront theme (spec 2 §9 default primary #3490dc). */
export const theme = createTheme({
  primaryColor: 'shop',
  colors: {
    shop: [
      '#e7f2fc',
      '#cfe3f6',
      '#a0c6ee',
      '#6ea7e6',
      '#468ede',
      '#3490dc',
      '#2472b8',
      '#1b5d98',
      '#134879',
      '#0b335a',
    ],
  },
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});

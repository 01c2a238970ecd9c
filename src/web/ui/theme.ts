import { Anchor, type CSSVariablesResolver, createTheme } from '@mantine/core';
import { readableShade } from '../../domain/theme/theme';

/** The admin and storefront theme (spec 2 §9 default primary #3490dc). */
export const theme = createTheme({
  // Someone who asks their system for less motion gets no sliding or fading (toasts, modals, menus).
  respectReducedMotion: true,
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
  // Links in running text are told apart by more than colour (WCAG 1.4.1, axe link-in-text-block).
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Every toast's close button is named (axe button-name); a titled toast's text is the readable grey.
    // Plain objects, not Component.extend: the theme must not pull modals and toasts into the first chunk.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Dialogs and drawers: the × that closes them is named.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A table that scrolls sideways can be scrolled with the keyboard (axe scrollable-region-focusable).
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
  },
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});

/**
 * WCAG 2.2 AA for text (issue 13), for every colour of the theme at once rather than page by page:
 * Mantine's dimmed grey (#868e96, 3.3:1 on white) becomes #5f6670 (5.6:1); the text of light
 * badges and alerts, outlines and coloured text are darkened until they reach 4.5:1 on their
 * backgrounds; filled buttons and badges are darkened until their white labels reach 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantine) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5f6670' };
  for (const [name, shades] of Object.entries(mantine.colors)) {
    if (name === 'dark' || !shades) continue;
    const [lightest, light1, , , , , shade6, , , shade9] = shades as readonly string[];
    light[`--mantine-color-${name}-light-color`] = readableShade(shade9!, [light1!, lightest!, '#ffffff']);
    // One shade for outlines, coloured text (`c="red"`) and filled backgrounds: readable as text
    // on white and the light grey panels, and white labels stay readable on it.
    const main = readableShade(shade6!, ['#ffffff', '#f8f9fa']);
    light[`--mantine-color-${name}-outline`] = main;
    light[`--mantine-color-${name}-text`] = main;
    light[`--mantine-color-${name}-filled`] = main;
  }
  // Field errors and required asterisks use the error colour: the readable red.
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  return { variables: {}, light, dark: {} };
};

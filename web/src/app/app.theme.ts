import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** MultiMFA indigo: a calm, trustworthy blue-violet; shade 6 (#4040db) is the brand colour. */
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefb',
  '#b5b8f1',
  '#8b8fe8',
  '#6868e1',
  '#5152dc',
  '#4040db',
  '#3334c3',
  '#2b2caf',
  '#20239b',
];

const fontStack =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const appTheme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Links inside text are told apart by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
  },
});

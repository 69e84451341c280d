/** Tabs become four spaces so indentation is plain spaces, as the reader renders it. */
export function untab(text: string): string {
  return text.replace(/\t/g, '    ');
}

/** A poem's text as typed: monospace, no wrapping, every leading space kept so indentation lines up as printed. */
export const POEM_TEXT_STYLE = {
  fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  whiteSpace: 'pre',
  overflowX: 'auto',
  tabSize: 4,
  lineHeight: 1.5,
} as const;

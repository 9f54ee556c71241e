/**
 * Styles for an orange (warning) Alert: Mantine's light orange title is too faint on its tinted background
 * (axe: 3.6:1), so the title takes the text colour, which reads in both themes.
 */
export const readableAlertTitle = { title: { color: 'var(--mantine-color-text)' } } as const;

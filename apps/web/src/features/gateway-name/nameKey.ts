/** The query key of the gateway's local name (the header reads it, the rename dialog writes it). */
export const nameKey = ['gateway', 'name'] as const;

export function findChrome(): string | null;
export const NO_CHROME_HINT: string;

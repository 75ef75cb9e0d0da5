export function pageFromShell(shell: string, html: string): string;
export function stripHoisted(html: string): string;
export function writePages(root: string, render: (path: string) => Promise<string>, pages: readonly { path: string; file: string }[]): Promise<void>;

export const WEB_DIST: string;
export function sourceHash(): string;
export function isWebBuildFresh(): boolean;
export function ensureWebBuild(options?: { log?: (message: string) => void }): boolean;

export function sourceDigest(projectRoot: string): string;

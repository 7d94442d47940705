export const EXPORT_USAGE = '';
export async function exportCommand(_args: readonly string[]): Promise<number> { return Promise.resolve(1); }

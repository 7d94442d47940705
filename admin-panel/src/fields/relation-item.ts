/** A chosen relation as the form holds it, and the label an entry gets: its main field's value. */
export interface RelationItem {
  key: string;
  documentId: string;
  label: string;
  status?: string;
}

export function relationLabel(entry: Record<string, unknown>, mainField: string): string {
  const value = entry[mainField];
  return value === null || value === undefined || value === '' ? String(entry.documentId) : String(value);
}

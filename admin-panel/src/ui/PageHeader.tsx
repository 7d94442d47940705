/** A settings page's top: its title (the page's h1), a line saying what it holds, and its main action. */
import type { ReactNode } from 'react';

export function PageHeader({ title, description, action }: { title: string; description: string; action: ReactNode }) {
  return (
    <div className="list-header">
      <div>
        <h1>{title}</h1>
        <p>{description}</p>
      </div>
      {action}
    </div>
  );
}

/** A table's header row: one column header per label. */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => <th key={label} scope="col">{label}</th>)}
      </tr>
    </thead>
  );
}

// Label/value rows of a drawer, as a description list.
import type { ReactNode } from 'react';

export function DetailList({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="detail-list">
      {rows.map(([label, value]) => (
        <div key={label} className="detail-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

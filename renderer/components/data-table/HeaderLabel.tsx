// A column header's label, and its sort button when the column sorts.
import { Classes, Icon } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState } from 'react';

const TOP_QUADRANT = `${Classes.getClassNamespace()}-table-quadrant-top`;

/**
 * A header's label (a sort button when the column sorts). Table draws the header in its main
 * quadrant, hidden under the top one; only the top copy carries the columnheader role and the
 * id the header row claims, so assistive technology meets each header once.
 */
export function HeaderLabel({
  id,
  col,
  label,
  sort,
  onSort,
}: {
  id: string;
  col: number;
  label: string;
  sort: 'ascending' | 'descending' | 'none' | undefined;
  onSort?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visibleCopy, setVisibleCopy] = useState(false);
  useLayoutEffect(() => setVisibleCopy(Boolean(ref.current?.closest(`.${TOP_QUADRANT}`))), []);
  return (
    <div
      ref={ref}
      className="data-table-header"
      {...(visibleCopy ? { role: 'columnheader', id, 'aria-colindex': col + 1, 'aria-sort': sort } : {})}
    >
      {onSort ? (
        <button type="button" className="data-table-sort" tabIndex={visibleCopy ? 0 : -1} onClick={onSort}>
          {label}
          <Icon
            size={12}
            icon={sort === 'ascending' ? 'sort-asc' : sort === 'descending' ? 'sort-desc' : 'double-caret-vertical'}
            className={sort === 'none' ? 'data-table-sort-idle' : undefined}
          />
        </button>
      ) : (
        <span>{label}</span>
      )}
    </div>
  );
}

// The Feature column's star: one click features or unfeatures the row's user or listing; the star
// fills from the server's answer, and a failure says so in a toast (and is logged, as it always was).
import { Button } from '@blueprintjs/core';
import type { ApiResult } from '../../shared/contract/market-api.js';
import { useAdminAction } from './admin-action/index.js';
import { stopRowClick } from './data-table/DataTable.js';

export function FeatureStar<T>({
  noun,
  name,
  featured,
  setFeatured,
  onChange,
}: {
  noun: 'user' | 'listing';
  /** The row's name for the star's label: 'Feature {name}'. */
  name: string;
  featured: boolean;
  setFeatured: (featured: boolean) => Promise<ApiResult<T>>;
  onChange: (row: T) => void;
}) {
  const action = useAdminAction();
  const toggle = async () => {
    const row = await action.run(() => setFeatured(!featured), {
      failure: featured ? `Failed to unfeature ${noun}` : `Failed to feature ${noun}`,
      log: `Error featuring ${noun}`,
    });
    if (row) onChange(row);
  };
  return (
    <span onClick={stopRowClick} onKeyDown={stopRowClick} role="presentation">
      <Button
        variant="minimal"
        size="small"
        icon={featured ? 'star' : 'star-empty'}
        intent={featured ? 'warning' : 'none'}
        aria-pressed={featured}
        aria-label={`Feature ${name}`}
        // Not `disabled` while the answer is awaited: a disabled button drops the keyboard's focus.
        aria-disabled={action.busy}
        onClick={() => {
          if (!action.busy) void toggle();
        }}
      />
    </span>
  );
}

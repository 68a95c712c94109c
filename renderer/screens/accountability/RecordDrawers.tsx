// Opens a record from a link (an audit-log row, a timeline entry, a row of a user's picture) in
// its own drawer, stacked over whatever is open, fetched fresh by id.
import { useCallback, useState, type ReactNode } from 'react';
import type { RecordRef } from '../../../shared/contract/accountability.js';
import type { AdminListing, AdminUser, SoldListing } from '../../../shared/contract/entities.js';
import { market } from '../../bridge.js';
import { toastError } from '../../app/toaster.js';
import { UserDrawer } from '../users/UserDrawer.js';
import { ListingDrawer } from '../listings/ListingDrawer.js';
import { OrderDrawer } from '../sold/OrderDrawer.js';

type Opened =
  | { type: 'user'; record: AdminUser }
  | { type: 'listing'; record: AdminListing }
  | { type: 'order'; record: SoldListing };

async function fetchRecord(ref: RecordRef): Promise<Opened | null> {
  const params = { params: { id: ref.id } };
  if (ref.type === 'user') {
    const result = await market.admin.users.get(params);
    return result.ok ? { type: 'user', record: result.data } : null;
  }
  if (ref.type === 'listing') {
    const result = await market.admin.listings.get(params);
    return result.ok ? { type: 'listing', record: result.data } : null;
  }
  const result = await market.admin.orders.get(params);
  return result.ok ? { type: 'order', record: result.data } : null;
}

/** `open(ref)` stacks the record's drawer; `drawers` renders them (put it in the screen). */
export function useRecordDrawers(): { open: (ref: RecordRef) => void; drawers: ReactNode } {
  const [stack, setStack] = useState<Opened[]>([]);
  const open = useCallback((ref: RecordRef) => {
    void fetchRecord(ref).then((opened) => {
      if (!opened) return toastError(`That ${ref.type} cannot be opened (deleted, or not yours to see)`);
      setStack((current) => [...current, opened]);
    });
  }, []);
  const close = (index: number) => setStack((current) => current.slice(0, index));
  const replace = (index: number, opened: Opened) =>
    setStack((current) => current.map((entry, at) => (at === index ? opened : entry)));
  const drawers = stack.map((entry, index) => {
    const onClose = () => close(index);
    if (entry.type === 'user') {
      return (
        <UserDrawer
          key={index}
          user={entry.record}
          onChange={(record) => replace(index, { type: 'user', record })}
          onDeleted={onClose}
          onClose={onClose}
          onOpen={open}
        />
      );
    }
    if (entry.type === 'listing') {
      return (
        <ListingDrawer
          key={index}
          listing={entry.record}
          onChange={(record) => replace(index, { type: 'listing', record })}
          onClose={onClose}
          onOpen={open}
        />
      );
    }
    return (
      <OrderDrawer
        key={index}
        order={entry.record}
        onChange={(record) => replace(index, { type: 'order', record })}
        onClose={onClose}
        onOpen={open}
      />
    );
  });
  return { open, drawers };
}

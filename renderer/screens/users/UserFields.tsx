// The user drawer's fields: a username or email edited in place (refused, with the specification's
// words, when another user has it), and an address card.
import { Button, Card, ControlGroup, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Address, AdminUser } from '../../../shared/contract/entities.js';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { DetailList } from '../../components/DetailList.js';
import { orNoData } from '../../components/format.js';

/** A field no two users share: how it is checked and set, and the toasts of the specification. */
const UNIQUE_FIELDS = {
  userName: {
    label: 'Username',
    type: 'text',
    valueOf: (user: AdminUser) => user.userName ?? '',
    check: (userName: string) => market.admin.users.checkUsername({ body: { userName } }),
    set: (id: string, userName: string) => market.admin.users.setUserName({ params: { id }, body: { userName } }),
    taken: 'Username already exists',
    success: 'Username updated successfully',
    failure: 'Failed to update username',
  },
  email: {
    label: 'Email',
    type: 'email',
    valueOf: (user: AdminUser) => user.email,
    check: (email: string) => market.admin.users.checkEmail({ body: { email } }),
    set: (id: string, email: string) => market.admin.users.setEmail({ params: { id }, body: { email } }),
    taken: 'Email already exists',
    success: 'Email updated successfully',
    failure: 'Failed to update email',
  },
} as const;

/** A value already taken fails before the change is asked for. */
async function setUnlessTaken(
  field: (typeof UNIQUE_FIELDS)[keyof typeof UNIQUE_FIELDS],
  id: string,
  next: string,
): Promise<ApiResult<AdminUser>> {
  const checked = await field.check(next);
  if (!checked.ok) return checked;
  if (checked.data.exists) return { ok: false, error: { status: 409, code: 'Conflict', message: field.taken } };
  return field.set(id, next);
}

export function UniqueField({
  field: name,
  user,
  onChange,
  readOnly,
}: {
  field: keyof typeof UNIQUE_FIELDS;
  user: AdminUser;
  onChange: (user: AdminUser) => void;
  /** The admin's role may not change it: shown, not editable. */
  readOnly: boolean;
}) {
  const field = UNIQUE_FIELDS[name];
  const value = field.valueOf(user);
  const id = name === 'userName' ? 'user-username' : 'user-email';
  const [draft, setDraft] = useState(value);
  const saving = useAdminAction();
  useEffect(() => setDraft(value), [value]);
  const changed = draft.trim() !== '' && draft.trim() !== value;
  const save = async () => {
    const saved = await saving.run(() => setUnlessTaken(field, user.id, draft.trim()), {
      success: field.success,
      failure: field.failure,
    });
    if (saved) onChange(saved);
  };
  return (
    <FormGroup label={field.label} labelFor={id}>
      <ControlGroup className="inline-edit">
        <InputGroup id={id} type={field.type} value={draft} onValueChange={setDraft} size="small" readOnly={readOnly} />
        {!readOnly && (
          <Button size="small" disabled={!changed} loading={saving.busy} onClick={() => void save()}>
            Save
          </Button>
        )}
      </ControlGroup>
    </FormGroup>
  );
}

export function AddressCard({ title, address }: { title: string; address: Address | undefined }) {
  if (!address) return null;
  return (
    <Card compact className="address-card">
      <H5>{title}</H5>
      <DetailList
        rows={[
          ['Name', `${address.firstName} ${address.lastName}`],
          ['Address line 1', address.addressLineOne],
          ['Address line 2', orNoData(address.addressLineTwo)],
          ['City', address.city],
          ['State', address.state],
          ['Zip', address.zipCode],
          ['Country', address.country],
          ['Country code', orNoData(address.countryCode)],
          ['Phone', orNoData(address.phoneNumber)],
        ]}
      />
    </Card>
  );
}

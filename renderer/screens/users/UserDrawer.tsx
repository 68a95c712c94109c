// The user 'Details' drawer: editable username/email with availability checks, 'Edit user' (every
// field the user route accepts, saved at once), read-only facts, seller fee, shipping information,
// the pending seller request, seller enable/disable and Delete user; the user's whole history,
// timeline and enforcement, and the ring of accounts linked to them. What the admin's role may not
// do is not offered.
import { Button, Card, Classes, ControlGroup, FormGroup, H5, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { SELLER_FEE_CHOICES } from '../../../shared/rules/seller-fees.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { hasPayoutAccount } from '../../../shared/rules/seller-status.js';
import { SideDrawer } from '../../components/SideDrawer.js';
import { market } from '../../bridge.js';
import { useAdminAction, useConfirmedAction, wentThrough } from '../../components/admin-action/index.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime, orNoData } from '../../components/format.js';
import { Avatar } from '../../components/UserCell.js';
import { AddressCard, UniqueField } from './UserFields.js';
import { UserEditDialog } from './UserEditDialog.js';
import type { RecordRef } from '../../../shared/contract/accountability.js';
import { useMayDo } from '../../stores/admin-role.js';
import { EnforcementDialog } from '../accountability/EnforcementDialog.js';
import { ENFORCEMENT_LABELS } from '../accountability/enforcement-form.js';
import { RecordTimeline } from '../accountability/RecordTimeline.js';
import { UserPicture } from '../accountability/UserPicture.js';
import { RECORD_SCREEN_ROUTES, recordRouteOf } from '../../components/record-links/record-route.js';
import { Accordion } from '../../components/Accordion.js';
import { RingSection } from '../rings/index.js';
import { SellerStandingSection } from '../seller-standing/index.js';
import { SEVERITY_LABELS } from '../blocks/blocks-display.js';

interface Props {
  user: AdminUser;
  onChange: (user: AdminUser) => void;
  onDeleted: () => void;
  onClose: () => void;
  /** Opens a record a row of the user's history links to. */
  onOpen?: (ref: RecordRef) => void;
}

export function UserDrawer({ user, onChange, onDeleted, onClose, onOpen }: Props) {
  const may = {
    edit: useMayDo('editUser'),
    fee: useMayDo('setSellerFee'),
    seller: useMayDo('setSellerEnabled'),
    remove: useMayDo('deleteUser'),
    decide: useMayDo('decideSellerRequest'),
    enforce: useMayDo('enforce'),
    history: useMayDo('viewUserHistory'),
    ring: useMayDo('viewRing'),
    standing: useMayDo('viewSellerStanding'),
  };
  const [enforcing, setEnforcing] = useState(false);
  const [editing, setEditing] = useState(false);
  const openRecord = onOpen ?? (() => undefined);
  const [fee, setFee] = useState(user.sellerFee);
  const feeSave = useAdminAction();
  const requestAnswer = useAdminAction();
  const sellerToggle = useAdminAction();
  useEffect(() => setFee(user.sellerFee), [user.sellerFee]);
  const params = { id: user.id };
  const changed = (next: AdminUser | undefined) => next && onChange(next);

  const saveFee = async () =>
    changed(
      await feeSave.run(() => market.admin.users.setSellerFee({ params, body: { sellerFee: fee } }), {
        success: 'Seller fee updated successfully',
        failure: 'Failed to update seller fee',
      }),
    );

  const answerRequest = async (requestId: string, approve: boolean) => {
    // These routes take the seller request's id, not the user's (the admin route table's `:requestId`).
    const request = { params: { id: requestId }, body: {} };
    const refetch = async () => {
      // Either way the user is refetched; a failed fetch is only logged.
      const fresh = await market.admin.users.get({ params });
      if (fresh.ok) onChange(fresh.data);
      else console.error('Error fetching user', fresh.error);
    };
    await requestAnswer.run(
      async () => {
        const answered = await (approve
          ? market.admin.users.approveRequest(request)
          : market.admin.users.rejectRequest(request));
        await refetch();
        return answered;
      },
      approve
        ? { failure: 'Failed to approve request', log: 'Error approving request' }
        : { failure: 'Failed to reject request', log: 'Error rejecting request' },
    );
  };

  const toggleSeller = async () =>
    changed(
      await sellerToggle.run(
        () => market.admin.users.setSellerEnabled({ params, body: { sellerEnabled: !user.sellerEnabled } }),
        {
          failure: user.sellerEnabled ? 'Failed to disable seller' : 'Failed to enable seller',
          log: 'Error updating seller',
        },
      ),
    );

  const deletion = useConfirmedAction<true>(
    { title: 'Delete user?', body: 'This action cannot be undone', cancelText: 'Cancel', confirmText: 'Delete' },
    async (removal) => {
      const deleted = await removal.run(() => wentThrough(market.admin.users.delete({ params })), {
        success: 'User deleted successfully',
        failure: 'Failed to delete user',
      });
      if (deleted) onDeleted();
    },
  );

  const defaultAddress = user.shippingInfo.find((a) => a.type === 'DEFAULT');
  const returnAddress = user.shippingInfo.find((a) => a.type === 'RETURN_ADDRESS');
  const request = user.pendingRequest;

  return (
    <SideDrawer
      title="Details"
      onClose={onClose}
      size={may.history ? 680 : 520}
      icon="person"
      recordRoute={recordRouteOf(RECORD_SCREEN_ROUTES.user, user.id)}
    >
      <div className={`${Classes.DRAWER_BODY} drawer-body`}>
        <div className="drawer-heading">
          <Avatar src={user.avatar} name={user.userName} size={56} />
          <div>
            <H5>{user.userName ?? '-'}</H5>
            <div className="muted">{user.email}</div>
            {user.enforcement && (
              <Tag intent="danger" className="enforcement-tag">
                {ENFORCEMENT_LABELS[user.enforcement.action]}
                {user.enforcement.until ? ` until ${formatDateTime(user.enforcement.until)}` : ''}
              </Tag>
            )}
            {user.blocked && (
              // A block in force matches one of the account's identifiers (its reason on hover and
              // for screen readers; the Blocks screen names the identifier).
              <Tag
                intent="warning"
                className="enforcement-tag"
                title={user.blocked.reason}
                aria-label={`Blocked (${SEVERITY_LABELS[user.blocked.severity]}): ${user.blocked.reason}`}
              >
                Blocked: {SEVERITY_LABELS[user.blocked.severity]}
              </Tag>
            )}
          </div>
        </div>
        <UniqueField field="userName" user={user} onChange={onChange} readOnly={!may.edit} />
        <UniqueField field="email" user={user} onChange={onChange} readOnly={!may.edit} />
        <DetailList
          rows={[
            ['Amount Spent', formatUsd(user.amountSpent)],
            ['Amount Sold', formatUsd(user.amountSold)],
            ['Signed Up Date', formatDateTime(user.createdAt)],
            ['Seller payment account id', orNoData(user.stripeUserId)],
            ['Seller customer account id', orNoData(user.stripeCustomerId)],
            ['Payment Failed Strikes', orNoData(user.paymentFailedStrikes)],
          ]}
        />
        {hasPayoutAccount(user) && may.fee && (
          <FormGroup label="Seller Fee" labelFor="user-seller-fee">
            <ControlGroup>
              <HTMLSelect
                id="user-seller-fee"
                value={fee}
                onChange={(event) => setFee(Number(event.currentTarget.value))}
                options={SELLER_FEE_CHOICES.map((n) => ({ value: n, label: `${n}%` }))}
              />
              <Button
                size="small"
                disabled={fee === user.sellerFee}
                loading={feeSave.busy}
                onClick={() => void saveFee()}
              >
                Save
              </Button>
            </ControlGroup>
          </FormGroup>
        )}
        <H5 className="drawer-section-title">Shipping Information</H5>
        {!defaultAddress && !returnAddress && <p className="muted">No data</p>}
        <AddressCard title="Default address" address={defaultAddress} />
        <AddressCard title="Return address" address={returnAddress} />
        {request && (
          <Card compact className="request-card">
            <H5>Pending Request</H5>
            <p>{request.description}</p>
            <DetailList
              rows={[
                ['Created at', formatDateTime(request.createdAt)],
                ...(request.instagramLink ? [['Instagram', request.instagramLink] as [string, string]] : []),
                ...(request.tikTokLink ? [['TikTok', request.tikTokLink] as [string, string]] : []),
                ...(request.otherProfileLink ? [['Other profile', request.otherProfileLink] as [string, string]] : []),
              ]}
            />
            {may.decide && (
              <div className="button-row">
                {requestAnswer.busy && <Spinner size={16} aria-label="Working" />}
                {([false, true] as const).map((approve) => (
                  <Button
                    key={String(approve)}
                    intent={approve ? 'success' : 'danger'}
                    disabled={requestAnswer.busy}
                    onClick={() => void answerRequest(request.id, approve)}
                  >
                    {approve ? 'Approve' : 'Reject'}
                  </Button>
                ))}
              </div>
            )}
          </Card>
        )}
        {may.standing && (
          <Accordion key={`standing-${user.id}`} title="Seller Standing" defaultOpen={false} lazy>
            <SellerStandingSection userId={user.id} />
          </Accordion>
        )}
        {may.ring && (
          // Read when expanded, not with the drawer; another user's drawer starts closed again.
          <Accordion key={user.id} title="Ring" defaultOpen={false} lazy>
            <RingSection userId={user.id} onOpenUser={(id) => openRecord({ type: 'user', id })} />
          </Accordion>
        )}
        {may.history && (
          <>
            <H5 className="drawer-section-title">History</H5>
            <UserPicture userId={user.id} onOpen={openRecord} />
            <RecordTimeline recordType="user" recordId={user.id} onOpen={openRecord} />
          </>
        )}
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="button-row">
          {hasPayoutAccount(user) && may.seller && (
            <Button loading={sellerToggle.busy} onClick={() => void toggleSeller()}>
              {user.sellerEnabled ? 'Disable Seller' : 'Enable Seller'}
            </Button>
          )}
          {may.edit && (
            <Button icon="edit" onClick={() => setEditing(true)}>
              Edit user
            </Button>
          )}
          {may.enforce && (
            <Button icon="hand" intent="warning" onClick={() => setEnforcing(true)}>
              Enforcement
            </Button>
          )}
          <span className="data-table-spacer" />
          {may.remove && (
            <Button intent="danger" icon="trash" onClick={() => deletion.ask(true)}>
              Delete user
            </Button>
          )}
        </div>
      </div>
      {deletion.dialog}
      {may.edit && <UserEditDialog user={user} isOpen={editing} onClose={() => setEditing(false)} onSaved={onChange} />}
      {may.enforce && (
        <EnforcementDialog user={user} isOpen={enforcing} onClose={() => setEnforcing(false)} onApplied={onChange} />
      )}
    </SideDrawer>
  );
}

// The listing drawer: video, title, accordions Listing Detail, Seller
// Information and Edit Listing; an auction's admin bid ladder (voiding bids), the version history
// (what changed, as a diff), and Hold listing /
// Release hold with the hold shown under the title.
import { Button, Classes, FormGroup, H4, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { AdminListing } from '../../../shared/contract/entities.js';
import { MASS_UNITS } from '../../../shared/contract/enums.js';
import { LISTING_TYPE_BADGES } from '../../../shared/rules/listing-display.js';
import { Accordion, PersonAccordion } from '../../components/Accordion.js';
import { SideDrawer } from '../../components/SideDrawer.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { DetailList } from '../../components/DetailList.js';
import { draftOf, listingPatchOf, type ListingEditDraft } from './listing-edit-form.js';
import { VideoEmbed } from './VideoEmbed.js';
import type { RecordRef } from '../../../shared/contract/accountability.js';
import { useMayDo } from '../../stores/admin-role.js';
import { RecordTimeline } from '../accountability/RecordTimeline.js';
import { RECORD_SCREEN_ROUTES, recordRouteOf } from '../../components/record-links/record-route.js';
import { BidLadder, listingWithStanding, useAuctionStanding } from '../bid-ladder/index.js';
import { moneyOrNA } from '../../components/format.js';
import { HoldButton, HoldTag } from '../holds/index.js';
import { ListingVersions } from '../listing-versions/index.js';

function EditListingForm({ listing, onSaved }: { listing: AdminListing; onSaved: (l: AdminListing) => void }) {
  const [draft, setDraft] = useState<ListingEditDraft>(() => draftOf(listing));
  const [error, setError] = useState<{ field: string; message: string } | undefined>();
  const saving = useAdminAction();
  useEffect(() => setDraft(draftOf(listing)), [listing]);
  const isAuction = listing.listingType === 'auction';
  const set = (field: keyof ListingEditDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const save = async () => {
    const parsed = listingPatchOf(draft, listing.listingType);
    if (!parsed.ok) return setError(parsed);
    setError(undefined);
    const saved = await saving.run(
      () => market.admin.listings.update({ params: { id: listing.id }, body: parsed.body }),
      {
        success: 'Listing updated successfully',
        failure: 'Failed to update listing',
      },
    );
    if (saved) onSaved(saved);
  };

  const fieldIntent = (field: string) => (error?.field === field ? 'danger' : 'none');
  const helper = (field: string) => (error?.field === field ? error.message : undefined);
  const numberField = (field: 'weight' | 'width' | 'height' | 'length' | 'inStock', label: string) => (
    <FormGroup label={label} labelFor={`listing-${field}`} helperText={helper(field)} intent={fieldIntent(field)}>
      <InputGroup
        id={`listing-${field}`}
        type="number"
        min={0}
        step={1}
        size="small"
        value={draft[field]}
        onValueChange={set(field)}
        intent={fieldIntent(field)}
      />
    </FormGroup>
  );

  return (
    <form
      className="edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormGroup label="Title" labelFor="listing-title" helperText={helper('title')} intent={fieldIntent('title')}>
        <InputGroup id="listing-title" size="small" value={draft.title} onValueChange={set('title')} />
      </FormGroup>
      <FormGroup label="Description" labelFor="listing-description">
        <TextArea
          id="listing-description"
          fill
          rows={3}
          value={draft.description}
          onChange={(event) => set('description')(event.currentTarget.value)}
        />
      </FormGroup>
      {!isAuction && numberField('inStock', 'In Stock')}
      <fieldset className="edit-form-group">
        <legend>Packaging details</legend>
        <FormGroup label="Mass Unit" labelFor="listing-massUnit">
          <HTMLSelect
            id="listing-massUnit"
            value={draft.massUnit}
            onChange={(event) => set('massUnit')(event.currentTarget.value)}
            options={[...MASS_UNITS]}
          />
        </FormGroup>
        <div className="edit-form-grid">
          {numberField('weight', 'Weight')}
          {numberField('width', 'Width')}
          {numberField('height', 'Height')}
          {numberField('length', 'Length')}
        </div>
      </fieldset>
      {isAuction && (
        <div className="edit-form-grid">
          <FormGroup
            label="End date"
            labelFor="listing-endDate"
            helperText={helper('endTime')}
            intent={fieldIntent('endTime')}
          >
            <InputGroup
              id="listing-endDate"
              type="date"
              size="small"
              value={draft.endDate}
              onValueChange={set('endDate')}
            />
          </FormGroup>
          <FormGroup label="End time" labelFor="listing-endTime">
            <InputGroup
              id="listing-endTime"
              type="time"
              size="small"
              value={draft.endTime}
              onValueChange={set('endTime')}
            />
          </FormGroup>
        </div>
      )}
      <Button type="submit" intent="primary" loading={saving.busy} icon="floppy-disk">
        Save
      </Button>
    </form>
  );
}

export function ListingDrawer({
  listing,
  onChange,
  onClose,
  onOpen,
}: {
  listing: AdminListing;
  onChange: (listing: AdminListing) => void;
  onClose: () => void;
  /** Opens a record the timeline links to (a bidder, an order). */
  onOpen?: (ref: RecordRef) => void;
}) {
  const mayEdit = useMayDo('editListing');
  const mayReadTimeline = useMayDo('viewListingTimeline');
  const mayReadBids = useMayDo('viewBidLadder');
  const mayReadVersions = useMayDo('viewListingVersions');
  const mayHold = useMayDo('holdListing');
  const isAuction = listing.listingType === 'auction';
  // Bids voided here or in another back office: the drawer shows the auction's new price.
  useAuctionStanding((standing) => {
    const changed = listingWithStanding(listing, standing);
    if (changed !== listing) onChange(changed);
  });
  return (
    <SideDrawer
      title="Listing"
      onClose={onClose}
      size={isAuction && mayReadBids ? 640 : 560}
      icon="tag"
      recordRoute={recordRouteOf(RECORD_SCREEN_ROUTES.listing, listing.id)}
    >
      <div className={`${Classes.DRAWER_BODY} drawer-body`}>
        <VideoEmbed url={listing.video} title={listing.title} />
        <H4 className="drawer-title">{listing.title}</H4>
        <HoldTag hold={listing.hold} what="Listing" />
        <Accordion title="Listing Detail">
          <DetailList
            rows={[
              ['ID', <span className="mono">{listing.id}</span>],
              ['Description', listing.description || '-'],
              ['Type', <Tag minimal>{LISTING_TYPE_BADGES[listing.listingType]}</Tag>],
              ...(isAuction ? [['Current bid', moneyOrNA(listing.bid)] satisfies [string, string]] : []),
            ]}
          />
        </Accordion>
        <PersonAccordion title="Seller Information" person={listing.user} />
        {mayEdit && (
          <Accordion title="Edit Listing" defaultOpen={false}>
            <EditListingForm listing={listing} onSaved={onChange} />
          </Accordion>
        )}
        {isAuction && mayReadBids && (
          <Accordion title="Bids" defaultOpen={false}>
            <BidLadder listingId={listing.id} />
          </Accordion>
        )}
        {mayReadVersions && (
          <Accordion title="Versions" defaultOpen={false}>
            <ListingVersions listingId={listing.id} revision={listing} />
          </Accordion>
        )}
        {mayReadTimeline && (
          <RecordTimeline recordType="listing" recordId={listing.id} {...(onOpen ? { onOpen } : {})} />
        )}
      </div>
      {mayHold && (
        <div className={Classes.DRAWER_FOOTER}>
          <div className="button-row">
            <HoldButton
              hold={listing.hold}
              words={{ hold: 'Hold listing', release: 'Release hold', held: 'Listing held', released: 'Hold released' }}
              place={(reason) => market.admin.listings.hold({ params: { id: listing.id }, body: { reason } })}
              lift={() => market.admin.listings.releaseHold({ params: { id: listing.id } })}
              onChange={onChange}
            />
          </div>
        </div>
      )}
    </SideDrawer>
  );
}

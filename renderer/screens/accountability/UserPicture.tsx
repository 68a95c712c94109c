// The user's whole picture in the user drawer: orders on both sides, listings, ratings received
// and given, reports against their listings, strikes, enforcement history and linked accounts,
// each row a link that opens the record.
import { HTMLTable, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { RecordRef, UserPicture as Picture } from '../../../shared/contract/accountability.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { market } from '../../bridge.js';
import { Accordion } from '../../components/Accordion.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';
import { LINK_KIND_LABELS } from '../../components/ring-graph/index.js';

function Link({ to, onOpen, children }: { to: RecordRef; onOpen: (ref: RecordRef) => void; children: ReactNode }) {
  return (
    <a href="#" onClick={(event) => (event.preventDefault(), onOpen(to))}>
      {children}
    </a>
  );
}

function Section<T>({
  title,
  section,
  head,
  row,
}: {
  title: string;
  section: { count: number; items: T[] };
  head: string[];
  row: (item: T) => ReactNode[];
}) {
  return (
    <Accordion title={`${title} (${section.count})`} defaultOpen={section.count > 0 && section.count <= 5}>
      {section.items.length === 0 ? (
        <p className="muted section-empty">None</p>
      ) : (
        <HTMLTable compact striped className="picture-table" aria-label={title}>
          <thead>
            <tr>
              {head.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.items.map((item, index) => (
              <tr key={index}>
                {row(item).map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {section.count > section.items.length && (
        <p className="muted">
          Latest {section.items.length} of {section.count}
        </p>
      )}
    </Accordion>
  );
}

export function UserPicture({ userId, onOpen }: { userId: string; onOpen: (ref: RecordRef) => void }) {
  const [picture, setPicture] = useState<Picture | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void market.admin.users.picture({ params: { id: userId } }).then((result) => {
      if (!live) return;
      if (result.ok) setPicture(result.data);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (failed) return <p className="muted section-empty">The user's history could not be loaded</p>;
  if (!picture) return <p className="muted section-empty">Loading history…</p>;
  const userLink = (user: { id: string; userName: string | null } | null) =>
    user ? (
      <Link to={{ type: 'user', id: user.id }} onOpen={onOpen}>
        {user.userName ?? user.id}
      </Link>
    ) : (
      'Deleted user'
    );
  const order = (item: Picture['ordersAsBuyer']['items'][number]) => [
    <Link to={{ type: 'order', id: item.id }} onOpen={onOpen}>
      {item.listingTitle}
    </Link>,
    userLink(item.counterpart),
    formatUsd(item.price),
    <Tag minimal>{item.status}</Tag>,
    formatDateTime(item.createdAt),
  ];
  return (
    <div className="user-picture">
      <DetailList
        rows={[
          ['Payment failed strikes', picture.strikes.paymentFailed],
          ['Warnings', picture.strikes.warnings],
        ]}
      />
      <Section
        title="Orders as buyer"
        section={picture.ordersAsBuyer}
        head={['Listing', 'Seller', 'Price', 'Status', 'Date']}
        row={order}
      />
      <Section
        title="Orders as seller"
        section={picture.ordersAsSeller}
        head={['Listing', 'Buyer', 'Price', 'Status', 'Date']}
        row={order}
      />
      <Section
        title="Listings"
        section={picture.listings}
        head={['Title', 'Type', 'Status', 'Created']}
        row={(item) => [
          item.deleted ? (
            <span className="muted">{item.title} (deleted)</span>
          ) : (
            <Link to={{ type: 'listing', id: item.id }} onOpen={onOpen}>
              {item.title}
            </Link>
          ),
          item.listingType,
          <Tag minimal>{item.status}</Tag>,
          formatDateTime(item.createdAt),
        ]}
      />
      <Section
        title="Ratings received"
        section={picture.ratingsReceived}
        head={['Rate', 'From', 'Comment', 'Date']}
        row={(item) => [item.rate ?? '-', userLink(item.buyer), item.experience ?? '-', formatDateTime(item.createdAt)]}
      />
      <Section
        title="Ratings given"
        section={picture.ratingsGiven}
        head={['Rate', 'To', 'Comment', 'Date']}
        row={(item) => [
          item.rate ?? '-',
          userLink(item.seller),
          item.experience ?? '-',
          formatDateTime(item.createdAt),
        ]}
      />
      <Section
        title="Reports against them"
        section={picture.reports}
        head={['Listing', 'Type', 'Reporter', 'Date', 'State']}
        row={(item) => [
          <Link to={{ type: 'listing', id: item.listing.id }} onOpen={onOpen}>
            {item.listing.title}
          </Link>,
          item.reportType,
          userLink(item.reporter),
          formatDateTime(item.createdAt),
          item.resolvedAt ? (
            'resolved'
          ) : (
            <Tag intent="warning" minimal>
              open
            </Tag>
          ),
        ]}
      />
      <Section
        title="Enforcement history"
        section={{ count: picture.enforcements.length, items: picture.enforcements }}
        head={['Action', 'Reason', 'Until', 'By', 'Date']}
        row={(item) => [
          <Tag minimal intent={item.action === 'lift' || item.action === 'warn' ? 'none' : 'danger'}>
            {item.action}
          </Tag>,
          item.reason,
          formatDateTime(item.until),
          item.admin.email ?? item.admin.uid,
          formatDateTime(item.createdAt),
        ]}
      />
      <Section
        title="Linked accounts"
        section={{ count: picture.linkedAccounts.length, items: picture.linkedAccounts }}
        head={['User', 'Email', 'Shares']}
        row={(item) => [userLink(item.user), item.user.email, item.via.map((via) => LINK_KIND_LABELS[via]).join(', ')]}
      />
    </div>
  );
}

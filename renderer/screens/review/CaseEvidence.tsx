// What a case shows beside itself: the message in its conversation, the auction message, the
// listing, the order, the user it is about, the reporter and the bid ladder with hidden maximums.
import { H5, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReviewCaseWithEvidence } from '../../../shared/contract/review-cases.js';
import { LISTING_TYPE_BADGES } from '../../../shared/rules/listing-display.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime, moneyOrNA, orNoData } from '../../components/format.js';
import { Excerpt } from './CaseCells.js';
import { BidCells, voidedRowClass } from '../bid-ladder/index.js';

type Evidence = ReviewCaseWithEvidence['evidence'];

function Conversation({ item }: { item: ReviewCaseWithEvidence }) {
  const { aroundMessages, chatMessage } = item.evidence;
  if (aroundMessages.length === 0) return null;
  return (
    <section className="review-evidence" aria-label="Conversation">
      <H5>Conversation</H5>
      <ol className="review-conversation">
        {aroundMessages.map((message) => {
          const flagged = message.id === chatMessage?.id;
          return (
            <li key={message.id} className={flagged ? 'review-message-flagged' : undefined}>
              <span className="review-message-meta">
                {message.user.userName ?? message.user.id} · {formatDateTime(message.createdAt)}
                {message.deleted && (
                  <Tag minimal intent="danger">
                    removed
                  </Tag>
                )}
              </span>
              <span className="review-message-text">
                {flagged ? <Excerpt excerpt={message.message} matches={item.matches} /> : message.message}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Person({ title, user }: { title: string; user: Evidence['user'] }) {
  if (!user) return null;
  return (
    <section className="review-evidence" aria-label={title}>
      <H5>{title}</H5>
      <DetailList
        rows={[
          ['User name', orNoData(user.userName)],
          ['Email', user.email],
          ['Joined', formatDateTime(user.createdAt)],
          ['Payment-failed strikes', String(user.paymentFailedStrikes)],
          ['Selling', user.sellerEnabled ? 'Enabled' : 'Disabled'],
        ]}
      />
    </section>
  );
}

function BidLadder({ ladder }: { ladder: Evidence['bidLadder'] }) {
  if (ladder.length === 0) return null;
  return (
    <section className="review-evidence" aria-label="Bid ladder">
      <H5>Bid ladder (maximum bids are visible to admins only; voided bids struck through)</H5>
      <HTMLTable compact striped className="review-ladder">
        <thead>
          <tr>
            <th>Bidder</th>
            <th>Bid</th>
            <th>Maximum</th>
            <th>Time</th>
          </tr>
        </thead>
        <tbody>
          {ladder.map((bid, index) => (
            <tr key={index} className={voidedRowClass(bid.voidedAt)}>
              <BidCells bidder={bid.bidderName ?? bid.bidderId} {...bid} />
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

export function CaseEvidence({ item }: { item: ReviewCaseWithEvidence }) {
  const { evidence } = item;
  return (
    <>
      <Conversation item={item} />
      {evidence.auctionMessage && (
        <section className="review-evidence" aria-label="Auction message">
          <H5>Auction message</H5>
          <DetailList
            rows={[
              ['Author', orNoData(evidence.auctionMessage.user.userName)],
              ['Listing', evidence.auctionMessage.listing.title],
              ['Text', <Excerpt key="t" excerpt={evidence.auctionMessage.text ?? ''} matches={item.matches} />],
              ['Posted', formatDateTime(evidence.auctionMessage.createdAt)],
            ]}
          />
        </section>
      )}
      {evidence.listing && (
        <section className="review-evidence" aria-label="Listing">
          <H5>Listing</H5>
          <DetailList
            rows={[
              ['Title', evidence.listing.title],
              ['Description', evidence.listing.description],
              ['Type', LISTING_TYPE_BADGES[evidence.listing.listingType]],
              ['Starting bid / price', moneyOrNA(evidence.listing.startingBid)],
              ['Current bid', moneyOrNA(evidence.listing.bid)],
              ['Seller', orNoData(evidence.listing.user.userName ?? evidence.listing.user.email)],
            ]}
          />
        </section>
      )}
      {evidence.order && (
        <section className="review-evidence" aria-label="Order">
          <H5>Order</H5>
          <DetailList
            rows={[
              ['Order', evidence.order.id],
              ['Listing', evidence.order.listing.title],
              ['Status', evidence.order.status],
              ['Price', formatUsd(evidence.order.price)],
              ['Buyer', orNoData(evidence.order.user.userName ?? evidence.order.user.email)],
              ['Seller', orNoData(evidence.order.seller.userName ?? evidence.order.seller.email)],
            ]}
          />
        </section>
      )}
      <Person title="User" user={evidence.user} />
      <Person title="Reporter" user={evidence.reporter} />
      <BidLadder ladder={evidence.bidLadder} />
      {evidence.details && (
        <section className="review-evidence" aria-label="Signals">
          <H5>Signals</H5>
          <pre className="review-details">{JSON.stringify(evidence.details, null, 2)}</pre>
        </section>
      )}
    </>
  );
}

// Listing text as a review-case source on every way a listing reaches buyers: created live, edited,
// published, created in bulk and published in bulk; a draft waits until it is published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { startReviewApp, type ReviewApp } from './review-cases-app.js';

let review: ReviewApp;
const call: ReviewApp['call'] = (...args) => review.call(...args);
const listingCases = async () =>
  ((await call('admin', 'GET', '/admin/review-cases?subjectType=listing&limit=100')).body.items as ReviewCase[]).map(
    (item) => item.subjectId,
  );

beforeAll(async () => {
  review = await startReviewApp();
}, 60_000);
afterAll(async () => {
  await review?.close();
});

describe('listing text screening', () => {
  it('an edit that adds contact details opens a case', async () => {
    const created = await call('seller', 'POST', '/listing', { title: 'Oak stool', description: 'Sturdy', price: 40 });
    const id = created.body.id as string;
    expect(await listingCases()).not.toContain(id);
    expect((await call('seller', 'PATCH', `/listing/${id}`, { description: 'Sturdy. Zelle me to save' })).status).toBe(
      200,
    );
    expect(await listingCases()).toContain(id);
  });

  it('bulk creation screens live listings, not drafts; publishing the draft screens it', async () => {
    const bulk = await call('seller', 'POST', '/listing/bulk', {
      listings: [
        { title: 'Brass lamp', description: 'Call 415-555-0188 for pickup', price: 30 },
        { title: 'Glass vase', description: 'Text me at 212 555 0199', price: 20, draft: true },
        { title: 'Clean chair', description: 'Solid walnut, 18 in seat', price: 60 },
      ],
    });
    expect(bulk.status).toBe(201);
    const [lamp, chair, vase] = (bulk.body.items as { id: string; title: string }[]).sort((a, b) =>
      a.title.localeCompare(b.title),
    );
    const before = await listingCases();
    expect(before).toContain(lamp!.id);
    expect(before).not.toContain(vase!.id);
    expect(before).not.toContain(chair!.id);
    const published = await call('seller', 'POST', '/listing/publish-bulk', { ids: [vase!.id] });
    expect(published.status).toBe(200);
    expect(await listingCases()).toContain(vase!.id);
  });
});

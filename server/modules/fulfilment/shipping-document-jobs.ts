// Bulk shipping documents (`/bulk-shipping`): a seller asks for the labels and packing slips of
// several orders as one PDF. The request checks every order up front and records a Pending job;
// after it commits, the job runs in the background: Generating, then for each order a label
// (printed through fulfilment's generateShippingLabel when the order has none, so the order moves
// to SHIPPING_LABEL_PRINTED exactly as from the shipping manager) and a packing slip, then the
// document is stored (Generated) or the job says why it stopped (Failed). Each label printed
// before a failure stays on its order (its own committed transaction): nothing is lost, and a
// new job reuses it.
import { sql } from 'drizzle-orm';
import type { LabelSize } from '../../../shared/contract/enums.js';
import { userRoom } from '../../../shared/contract/realtime-events.js';
import { sellerStatusLabel, shippingManagerSection } from '../../../shared/rules/order-status.js';
import { shippingDocuments, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { callersOr404, conflict, HttpError } from '../../platform/http/errors.js';
import type { LabelRequest } from './labels.js';
import { pdfDocument, type PdfPage } from './pdf-document.js';
import { labelPage, packingSlipPage } from './shipping-document-pages.js';
import { currentAddress } from '../accounts/index.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import type { FulfilmentPorts } from './ports.js';
import { marketEvent, type PendingEvent, type RelayPublisher } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { type OrderRow, SELECT_ORDER, SELLER_ORDER_ROW, sellerOrderOf } from '../orders/index.js';
import { generateShippingLabel } from './fulfilment.js';
import {
  DOCUMENT_ROW,
  type DocumentRow,
  documentOrders,
  isBulkShippable,
  jobOf,
  type ShippingDocumentJob,
  shippingDocumentUrl,
} from './shipping-documents.js';

const SELLER_NAME = sqlRow(users, 'user_name');
const DOCUMENT_ID = sqlRow(shippingDocuments, 'id');

/**
 * A job left Generating this long with no heartbeat (its node stopped: a running job touches it
 * after every order) is taken up again by `runUnfinishedShippingDocuments`.
 */
export const STALE_GENERATING_MS = 5 * 60_000;

/** Jobs running in this process, so tests (and a graceful shutdown) can wait for them. */
const running = new WeakMap<ServiceDeps<FulfilmentPorts>, Set<Promise<void>>>();

/** Resolves once every job this process started for `deps` has finished (Generated or Failed). */
export async function shippingDocumentsSettled(deps: ServiceDeps<FulfilmentPorts>): Promise<void> {
  for (let jobs = running.get(deps); jobs && jobs.size > 0; jobs = running.get(deps)) {
    await Promise.allSettled([...jobs]);
  }
}

function track(deps: ServiceDeps<FulfilmentPorts>, job: Promise<void>): Promise<void> {
  const jobs = running.get(deps) ?? new Set<Promise<void>>();
  running.set(deps, jobs);
  jobs.add(job);
  return job.finally(() => jobs.delete(job));
}

const orderLabel = (order: Pick<OrderRow, 'id' | 'title'>) => `Order ${order.id} (${order.title})`;

/**
 * The seller asks for the documents of `orderIds` (in that order). Refused up front, nothing
 * written: an order that is not theirs or not shippable now (409), unknown orders (404), a
 * missing return address or buyer address (409). Answers the Pending job and `done`, the
 * background run, which the route does not wait for.
 */
export async function requestShippingDocuments(
  deps: ServiceDeps<FulfilmentPorts>,
  sellerId: string,
  request: { orderIds: readonly string[]; labelSize: LabelSize },
): Promise<{ job: ShippingDocumentJob; done: Promise<void> }> {
  const job = await deps.db.transaction(async (tx) => {
    const rows = await readRows(
      tx,
      SELLER_ORDER_ROW,
      sql`${SELECT_ORDER} WHERE o.id IN (${sql.join(
        request.orderIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND o.deleted_at IS NULL`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const orderId of request.orderIds) {
      const order = callersOr404(byId.get(orderId), (row) => row.seller_id === sellerId, `Order ${orderId}`);
      if (!isBulkShippable(order.status))
        throw conflict(`${orderLabel(order)} cannot be shipped now: ${sellerStatusLabel(order.status)}`);
    }
    if (!(await currentAddress(tx, sellerId, 'RETURN_ADDRESS')))
      throw conflict('Add a return address to your shipping information before printing labels');
    for (const orderId of request.orderIds) {
      const order = byId.get(orderId)!;
      if (!(await currentAddress(tx, order.buyer_id, 'DEFAULT')))
        throw conflict(`The buyer of ${orderLabel(order)} has no default shipping address yet`);
    }
    const [created] = await readRows(
      tx,
      DOCUMENT_ROW,
      sql`INSERT INTO shipping_documents (seller_id, label_size) VALUES (${sellerId}, ${request.labelSize})
          RETURNING id, seller_id, label_size, file_status, failure_reason, page_count, created_at, updated_at,
                    generated_at`,
    );
    await tx.execute(
      sql`INSERT INTO shipping_document_orders (document_id, order_id, position)
          VALUES ${sql.join(
            request.orderIds.map((orderId, index) => sql`(${created!.id}, ${orderId}, ${index + 1})`),
            sql`, `,
          )}`,
    );
    return jobOf(created!, await documentOrders(tx, created!.id));
  });
  // Started only now that the job is committed, so the run always finds its row.
  const done = track(deps, runShippingDocument(deps, job.id));
  return { job, done };
}

/**
 * Where fulfilment's label printing publishes during a job: held, then published by the job
 * itself, which so learns whether the order's `orderDocumentsFailed` already went out.
 */
function heldEvents(deps: ServiceDeps<FulfilmentPorts>): {
  deps: ServiceDeps<FulfilmentPorts>;
  take(): PendingEvent[];
} {
  let held: PendingEvent[] = [];
  const events: RelayPublisher = {
    attach: () => undefined,
    publishAdmin: () => undefined,
    publishMarket: () => undefined,
    publish: (batch) => {
      held.push(...batch);
    },
  };
  return {
    deps: { ...deps, events },
    take: () => {
      const taken = held;
      held = [];
      return taken;
    },
  };
}

class OrderDocumentFailure extends Error {
  constructor(
    readonly orderId: string,
    message: string,
    /** The seller was already sent this order's `orderDocumentsFailed` (by the label printing). */
    readonly announced = false,
  ) {
    super(message);
  }
}

/** An order's two pages: its label (printed now if it has none) and its packing slip. */
async function orderPages(
  deps: ServiceDeps<FulfilmentPorts>,
  held: ReturnType<typeof heldEvents>,
  job: DocumentRow,
  orderId: string,
  sellerName: string | null,
): Promise<PdfPage[]> {
  const [order] = await readRows(deps.db, SELLER_ORDER_ROW, sql`${SELECT_ORDER} WHERE o.id = ${orderId}`);
  if (!order) throw new OrderDocumentFailure(orderId, 'The order was deleted');
  let trackingCode = order.tracking_code;
  if (shippingManagerSection(order.status) === 'createLabel') {
    try {
      trackingCode = (await generateShippingLabel(held.deps, orderId, job.seller_id, job.label_size)).trackingCode;
      deps.events.publish(held.take());
    } catch (error) {
      const events = held.take();
      deps.events.publish(events);
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      // The status above was read without the order's lock: another job for the same order (two
      // requests at once, or two nodes) or the shipping manager may have printed the label since,
      // and printing refuses a second one. That label is this order's: reuse it, as for an order
      // that had it when the job started, instead of failing the job.
      const [current] = await readRows(deps.db, SELLER_ORDER_ROW, sql`${SELECT_ORDER} WHERE o.id = ${orderId}`);
      if (current?.status === 'SHIPPING_LABEL_PRINTED' && current.tracking_code !== null) {
        trackingCode = current.tracking_code;
      } else {
        const announced = events.some((event) => event.kind === 'market' && event.name === 'orderDocumentsFailed');
        throw new OrderDocumentFailure(orderId, error.message, announced);
      }
    }
  } else if (order.status !== 'SHIPPING_LABEL_PRINTED') {
    // Moved since the request (shipped with a label of the seller's own, cancelled by an admin).
    throw new OrderDocumentFailure(
      orderId,
      `The order is no longer waiting to ship: ${sellerStatusLabel(order.status)}`,
    );
  }
  const from = await currentAddress(deps.db, job.seller_id, 'RETURN_ADDRESS');
  const to = await currentAddress(deps.db, order.buyer_id, 'DEFAULT');
  if (!from || !to || !trackingCode)
    throw new OrderDocumentFailure(orderId, 'The return address or the buyer address was removed');
  const seller = sellerOrderOf(order);
  const labelRequest: LabelRequest = {
    orderId,
    size: job.label_size,
    from,
    to,
    weightOz: order.mass_unit === 'lbs' ? order.weight * 16 : order.weight,
  };
  return [
    labelPage(labelRequest, trackingCode),
    packingSlipPage(
      {
        orderId,
        orderDate: seller.createdAt.slice(0, 10),
        title: order.title,
        price: seller.price,
        shippingPrice: seller.shippingPrice,
        trackingCode,
        sellerName,
      },
      labelRequest,
    ),
  ];
}

/** Takes the job if nobody runs it: Pending, or Generating on a node that stopped long ago. */
async function claim(deps: ServiceDeps<FulfilmentPorts>, documentId: string): Promise<DocumentRow | undefined> {
  const staleBefore = new Date(nowOf(deps) - STALE_GENERATING_MS);
  const [row] = await readRows(
    deps.db,
    DOCUMENT_ROW,
    sql`UPDATE shipping_documents SET file_status = 'Generating', updated_at = now()
        WHERE id = ${documentId}
          AND (file_status = 'Pending' OR (file_status = 'Generating' AND updated_at < ${staleBefore}))
        RETURNING id, seller_id, label_size, file_status, failure_reason, page_count, created_at, updated_at,
                  generated_at`,
  );
  return row;
}

/** Records the job's failure; `events` are published once it is committed. */
async function markFailed(
  deps: ServiceDeps<FulfilmentPorts>,
  job: DocumentRow,
  reason: string,
  failedOrderId: string | null,
  events: PendingEvent[],
) {
  await inUnitOfWork(deps, async (tx, outbox) => {
    await tx.execute(
      sql`UPDATE shipping_documents SET file_status = 'Failed', failure_reason = ${reason}, updated_at = now()
          WHERE id = ${job.id}`,
    );
    if (failedOrderId !== null) {
      await tx.execute(
        sql`UPDATE shipping_document_orders SET file_status = 'Failed', failure_reason = ${reason}
            WHERE document_id = ${job.id} AND order_id = ${failedOrderId}`,
      );
    }
    outbox.add(...events);
  });
}

/** Runs one job to its end (Generated or Failed); never throws. */
export async function runShippingDocument(deps: ServiceDeps<FulfilmentPorts>, documentId: string): Promise<void> {
  const job = await claim(deps, documentId).catch(() => undefined);
  if (!job) return;
  const room = [userRoom(job.seller_id)];
  const held = heldEvents(deps);
  try {
    const orders = await documentOrders(deps.db, job.id);
    const [seller] = await readRows(deps.db, SELLER_NAME, sql`SELECT user_name FROM users WHERE id = ${job.seller_id}`);
    const pages: PdfPage[] = [];
    const firstPages: { orderId: string; page: number }[] = [];
    for (const { order_id: orderId } of orders) {
      firstPages.push({ orderId, page: pages.length + 1 });
      pages.push(...(await orderPages(deps, held, job, orderId, seller?.user_name ?? null)));
      // A heartbeat per order: a long job (a slow carrier, 50 labels) that is still running never
      // looks stale to another node's sweep, which takes up only jobs whose node stopped.
      await deps.db.execute(
        sql`UPDATE shipping_documents SET updated_at = now() WHERE id = ${job.id} AND file_status = 'Generating'`,
      );
    }
    const document = pdfDocument(pages);
    const url = shippingDocumentUrl(job.id);
    await inUnitOfWork(deps, async (tx, outbox) => {
      await tx.execute(
        sql`UPDATE shipping_documents SET file_status = 'Generated', document = ${Buffer.from(document)}, page_count = ${pages.length},
                   failure_reason = NULL, generated_at = now(), updated_at = now()
            WHERE id = ${job.id}`,
      );
      for (const { orderId, page } of firstPages) {
        await tx.execute(
          sql`UPDATE shipping_document_orders SET file_status = 'Generated', first_page = ${page}
              WHERE document_id = ${job.id} AND order_id = ${orderId}`,
        );
      }
      outbox.add(
        ...firstPages.map(({ orderId, page }) =>
          marketEvent('orderDocumentsGenerated', room, { id: orderId, url: `${url}#page=${page}` }),
        ),
        marketEvent('bulkShippingDocumentsGenerated', room, { id: job.id, url }),
      );
    });
  } catch (error) {
    const failure = error instanceof OrderDocumentFailure ? error : null;
    const reason = failure
      ? `Order ${failure.orderId}: ${failure.message}`
      : 'The documents could not be generated; ask for them again';
    const events: PendingEvent[] = [];
    if (failure && !failure.announced)
      events.push(marketEvent('orderDocumentsFailed', room, { id: failure.orderId, url: null }));
    events.push(marketEvent('bulkShippingDocumentsFailed', room, { id: job.id, url: null }));
    try {
      await markFailed(deps, job, reason, failure?.orderId ?? null, events);
    } catch {
      // The database is gone: the job stays Generating and is taken up again once stale.
      return;
    }
  }
}

/**
 * Runs the jobs of every node that stopped before finishing them (Pending, or Generating and
 * stale), one at a time. For a worker's periodic pass; the request path never needs it.
 */
export async function runUnfinishedShippingDocuments(deps: ServiceDeps<FulfilmentPorts>): Promise<number> {
  const staleBefore = new Date(nowOf(deps) - STALE_GENERATING_MS);
  const rows = await readRows(
    deps.db,
    DOCUMENT_ID,
    sql`SELECT id FROM shipping_documents
        WHERE file_status = 'Pending' OR (file_status = 'Generating' AND updated_at < ${staleBefore})
        ORDER BY created_at LIMIT 20`,
  );
  for (const row of rows) await track(deps, runShippingDocument(deps, row.id));
  return rows.length;
}

/** How often a node looks for jobs another node left unfinished. */
export const SHIPPING_DOCUMENT_SWEEP_MS = 60_000;

/**
 * The worker side: every `intervalMs`, runs the jobs a stopped node left (Pending, or Generating
 * and stale). A failing pass is reported, not fatal; `stop` waits for the pass in flight.
 */
export function startShippingDocumentSweep(
  deps: ServiceDeps<FulfilmentPorts>,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { stop(): Promise<void> } {
  let pass: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    pass = runUnfinishedShippingDocuments(deps)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs ?? SHIPPING_DOCUMENT_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await pass;
    },
  };
}

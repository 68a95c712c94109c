// The caller's selling: their standing as a seller, their requests to sell, and the return address
// their parcels ship from. Registered by accountRoutes, in its place among the account's routes.
import { Address } from '../../../shared/contract/entities.js';
import {
  ReturnAddressBody,
  SellerRequest,
  SellerRequests,
  SellerReturnAddress,
  SellerStanding,
} from '../../../shared/contract/market/accounts.js';
import type { MarketRouteContext } from '../../platform/http/market-route-context.js';
import { addAddress, currentAddress } from './addresses.js';
import type { AccountPorts } from './ports.js';
import { requestToSell, SellerRequestBody, sellerRequestsOf, sellerStandingOf } from './seller-requests.js';

export async function sellerAccountRoutes({ r, deps, secured }: MarketRouteContext<AccountPorts>): Promise<void> {
  const { db } = deps;
  const tags = ['user'];

  r.get(
    '/user/seller',
    {
      schema: {
        description:
          'The caller’s standing as a seller: enabled, fee, pending request, payout account, return address.',
        tags,
        ...secured,
        response: { 200: SellerStanding },
      },
    },
    async (request) => sellerStandingOf(db, request.caller.id),
  );
  r.post(
    '/user-requests',
    {
      schema: {
        description: 'Asks to become a seller, with a description and profile links.',
        tags,
        ...secured,
        body: SellerRequestBody,
        response: { 201: SellerRequest },
      },
    },
    async (request, reply) => reply.code(201).send(await requestToSell(deps, request.caller.id, request.body)),
  );
  r.get(
    '/user-requests',
    {
      schema: {
        description: 'The caller’s seller requests and their status.',
        tags,
        ...secured,
        response: { 200: SellerRequests },
      },
    },
    async (request) => sellerRequestsOf(db, request.caller.id),
  );
  // Where the seller's parcels ship from: the newest RETURN_ADDRESS (both spellings the apps use;
  // the operationIds tell them apart, since both spellings make the same words).
  for (const [path, spelling] of [
    ['/user/shipping-info-seller', ''],
    ['/user/shipping/info-seller', 'Nested'],
  ] as const) {
    r.get(
      path,
      {
        schema: {
          tags,
          operationId: `getSellerReturnAddress${spelling}`,
          description: "The seller's current return address (where parcels ship from), or null.",
          ...secured,
          response: { 200: SellerReturnAddress },
        },
      },
      async (request) => ({ returnAddress: await currentAddress(db, request.caller.id, 'RETURN_ADDRESS') }),
    );
    r.post(
      path,
      {
        schema: {
          tags,
          operationId: `addSellerReturnAddress${spelling}`,
          description: "Adds a return address; the newest one is the seller's return address.",
          ...secured,
          body: ReturnAddressBody,
          response: { 201: Address },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addAddress(db, request.caller.id, { ...request.body, type: 'RETURN_ADDRESS' })),
    );
  }
}

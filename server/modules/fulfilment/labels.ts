// The shipping-label port: what the seller's "create label" needs from a carrier (a tracking
// code and a printable label). The local provider draws the label itself and never calls out;
// a real carrier adapter would implement the same interface.
import { randomInt } from 'node:crypto';
import type { PostalAddress } from '../../../shared/contract/address.js';
import type { LabelSize } from '../../../shared/contract/enums.js';

/** The addresses a label prints: the one postal address. */
export type LabelAddress = PostalAddress;

export interface LabelRequest {
  orderId: string;
  size: LabelSize;
  /** The seller's return address. */
  from: LabelAddress;
  /** The buyer's default address. */
  to: LabelAddress;
  /** Declared weight of the parcel in ounces. */
  weightOz: number;
}

export type LabelResult =
  | { ok: true; trackingCode: string; url: string }
  /** The carrier refused: `reason` is shown to the seller as is. */
  | { ok: false; reason: string };

export interface ShippingLabels {
  createLabel(request: LabelRequest): Promise<LabelResult>;
}

const INCHES: Record<LabelSize, [number, number]> = { '8.5x11': [8.5, 11], '4x6': [4, 6] };

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An address as a label prints it, one line each. */
export function addressLines(address: LabelAddress): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.addressLineOne,
    ...(address.addressLineTwo ? [address.addressLineTwo] : []),
    `${address.city}, ${address.state} ${address.zipCode}`,
    address.country,
  ];
}

/** A USPS-shaped tracking number: 9400 and 18 digits. */
function trackingCode(): string {
  let digits = '9400';
  while (digits.length < 22) digits += String(randomInt(0, 10));
  return digits;
}

/** One line of a label: its baseline's position and its font size, in inches from the top left. */
export interface LabelText {
  text: string;
  x: number;
  y: number;
  size: number;
}

/**
 * What a label shows and where, once: drawn as SVG here and as a PDF page in the seller's bulk
 * shipping documents (server/modules/fulfilment/shipping-documents.ts), so both print the same label.
 */
export function labelLayout(request: LabelRequest, tracking: string) {
  const [width, height] = INCHES[request.size];
  const line = (text: string, x: number, y: number, size = 0.16): LabelText => ({ text, x, y, size });
  const texts = [
    line('USPS GROUND ADVANTAGE', 0.3, 0.3, 0.2),
    ...addressLines(request.from).map((text, i) => line(text, 0.3, 0.5 + i * 0.2)),
    ...addressLines(request.to).map((text, i) => line(text, 0.8, 2.0 + i * 0.28, 0.22)),
    line(`WEIGHT ${request.weightOz} OZ`, 0.3, 4.2),
    line(`TRACKING # ${tracking}`, 0.3, 4.6, 0.2),
    line(`ORDER ${request.orderId}`, 0.3, 5.0, 0.12),
  ];
  return { width, height, texts };
}

/** The label as an SVG data URL of the chosen size, so it prints without any server round trip. */
export function labelSvg(request: LabelRequest, tracking: string): string {
  const { width, height, texts } = labelLayout(request, tracking);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}in" height="${height}in" viewBox="0 0 ${width} ${height}">`,
    ...texts.map(
      ({ text, x, y, size }) =>
        `<text x="${x}" y="${y}" font-size="${size}" font-family="monospace">${escapeXml(text)}</text>`,
    ),
    '</svg>',
  ].join('');
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The default provider: every label succeeds, drawn locally. */
export function localLabels(): ShippingLabels {
  return {
    createLabel: async (request) => {
      const tracking = trackingCode();
      return { ok: true, trackingCode: tracking, url: labelSvg(request, tracking) };
    },
  };
}

/** Why a label cannot be created at all: no carrier is configured (production without one). */
export class LabelsUnavailableError extends Error {
  constructor() {
    super('Shipping labels are not available: this server has no carrier configured');
    this.name = 'LabelsUnavailableError';
  }
}

/**
 * Production's provider until a carrier is configured: the local one would hand out made-up
 * tracking codes no carrier knows, so nothing is created and the label routes answer 503 instead.
 */
export function unavailableLabels(): ShippingLabels {
  return {
    createLabel: async () => {
      throw new LabelsUnavailableError();
    },
  };
}

// The ring graph in Blueprint's colours, one stylesheet per colour mode: nodes marked by the
// enforcement in effect (colour and shape, so the mark survives colour blindness and greyscale),
// the account in focus ringed, the picked ones outlined, and edge labels on a plate of the
// background colour so they stay readable where they cross a line. The legend uses the same table.
import { Colors } from '@blueprintjs/core';
import type { EdgeSingular, StylesheetJson } from 'cytoscape';
import type { ColorMode } from '../../../shared/contract/market-api.js';
import type { NodeStanding } from './ring-elements.js';

export interface StandingMark {
  color: string;
  /** A Cytoscape node shape; the legend draws the same shape in CSS. */
  shape: 'ellipse' | 'diamond' | 'round-rectangle' | 'octagon';
}

export function standingMarks(mode: ColorMode): Record<NodeStanding, StandingMark> {
  const dark = mode === 'dark';
  return {
    none: { color: dark ? Colors.BLUE4 : Colors.BLUE3, shape: 'ellipse' },
    suspendSelling: { color: dark ? Colors.ORANGE4 : Colors.ORANGE3, shape: 'diamond' },
    suspend: { color: dark ? Colors.RED4 : Colors.RED3, shape: 'round-rectangle' },
    ban: { color: dark ? Colors.GRAY3 : Colors.DARK_GRAY5, shape: 'octagon' },
  };
}

/**
 * Where an edge's label sits: about a quarter of the way from its source, not at its middle. In a
 * dense ring (every member sharing the same phone and address) the diagonals cross at their
 * middles, and labels placed there would be drawn over each other. Never so close that the label
 * runs into the source node (about 3 px per character either side of its centre, at 10 px).
 */
export function edgeLabelOffset(edge: EdgeSingular): number {
  const from = edge.source().position();
  const to = edge.target().position();
  const label = String(edge.data('label') ?? '');
  return Math.round(Math.max(0.27 * Math.hypot(to.x - from.x, to.y - from.y), 3 * label.length + 22));
}

export function ringGraphStyle(mode: ColorMode): StylesheetJson {
  const dark = mode === 'dark';
  const text = dark ? Colors.LIGHT_GRAY5 : Colors.DARK_GRAY1;
  const plate = dark ? Colors.DARK_GRAY3 : Colors.WHITE;
  const line = dark ? Colors.GRAY2 : Colors.GRAY4;
  const edgeText = dark ? Colors.LIGHT_GRAY3 : Colors.DARK_GRAY4;
  const focus = dark ? Colors.GOLD5 : Colors.GOLD3;
  const picked = dark ? Colors.BLUE5 : Colors.BLUE2;
  const marks = standingMarks(mode);
  return [
    {
      selector: 'node',
      style: {
        width: 30,
        height: 30,
        label: 'data(label)',
        color: text,
        'font-size': 12,
        'font-family': 'Inter, -apple-system, "Segoe UI", Roboto, sans-serif',
        'text-valign': 'bottom',
        'text-margin-y': 5,
        'text-background-color': plate,
        'text-background-opacity': 0.85,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
        'border-width': 0,
      },
    },
    ...(Object.entries(marks) as [NodeStanding, StandingMark][]).map(([standing, mark]) => ({
      selector: `node[standing = "${standing}"]`,
      style: { 'background-color': mark.color, shape: mark.shape },
    })),
    {
      selector: 'node[?focus]',
      style: { width: 40, height: 40, 'border-width': 4, 'border-color': focus, 'font-weight': 'bold' },
    },
    {
      selector: 'node.picked',
      style: { 'outline-width': 2, 'outline-color': picked, 'outline-offset': 3 },
    },
    {
      selector: 'edge',
      style: {
        width: 2,
        'line-color': line,
        'curve-style': 'straight',
        'source-label': 'data(label)',
        'source-text-offset': edgeLabelOffset,
        'source-text-rotation': 'autorotate',
        'font-size': 10,
        color: edgeText,
        'text-background-color': plate,
        'text-background-opacity': 1,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
      },
    },
  ];
}

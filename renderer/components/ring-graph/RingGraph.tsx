// The ring drawn with Cytoscape.js (the app's one graph library) and the fCoSE layout: a small
// React wrapper that owns one Cytoscape instance per ring, restyles it when the colour mode
// changes, and mirrors the members picked in the table. A tap picks or unpicks a member, a
// double tap opens the account.
import cytoscape, { type Core } from 'cytoscape';
import fcose from 'cytoscape-fcose';
import { useEffect, useMemo, useRef } from 'react';
import { useColorMode } from '../../stores/color-mode-store.js';
import {
  ringElements,
  STANDING_LABELS,
  standingsShown,
  type RingGraphLink,
  type RingGraphMember,
} from './ring-elements.js';
import { ringGraphStyle, standingMarks } from './ring-graph-style.js';
import './ring-graph.css';

cytoscape.use(fcose);

export interface RingGraphProps {
  members: readonly RingGraphMember[];
  links: readonly RingGraphLink[];
  /** The account the ring was asked about: ringed and bold. */
  focusId: string | null;
  picked: ReadonlySet<string>;
  onPick: (id: string) => void;
  onOpen?: (id: string) => void;
  height?: number;
}

export function RingGraph({ members, links, focusId, picked, onPick, onOpen, height = 360 }: RingGraphProps) {
  const mode = useColorMode((state) => state.mode);
  const container = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const handlers = useRef({ onPick, onOpen });
  handlers.current = { onPick, onOpen };
  const elements = useMemo(() => ringElements(members, links, focusId), [members, links, focusId]);

  useEffect(() => {
    if (!container.current) return;
    const instance = cytoscape({
      container: container.current,
      elements: [...elements.nodes, ...elements.edges],
      style: ringGraphStyle(mode),
      autounselectify: true,
      boxSelectionEnabled: false,
      // The drawer scrolls with the wheel: zooming the graph on it would trap the scroll.
      userZoomingEnabled: false,
      minZoom: 0.3,
      maxZoom: 1.2,
    });
    instance.on('tap', 'node', (event) => handlers.current.onPick(event.target.id()));
    instance.on('dbltap', 'node', (event) => handlers.current.onOpen?.(event.target.id()));
    instance
      .layout({
        // fCoSE's spectral start (randomize) is what spreads a dense ring: started from fixed
        // places instead, a complete graph of four collapses onto one line.
        name: 'fcose',
        quality: 'proof',
        randomize: true,
        animate: false,
        padding: 30,
        nodeDimensionsIncludeLabels: true,
        nodeRepulsion: () => 12000,
        idealEdgeLength: () => 130,
      } as cytoscape.LayoutOptions)
      .run();
    // The edge labels' places depend on where the layout put the nodes.
    instance.style().update();
    instance.fit(undefined, 30);
    cy.current = instance;
    // Drawn inside a collapsed accordion the canvas has no size yet: fit again once it has one.
    const resized = new ResizeObserver(() => {
      instance.resize();
      instance.fit(undefined, 30);
    });
    resized.observe(container.current);
    return () => {
      resized.disconnect();
      cy.current = null;
      instance.destroy();
    };
    // The colour mode restyles in place (below) rather than laying the ring out again.
  }, [elements]);

  useEffect(() => {
    cy.current?.style(ringGraphStyle(mode));
  }, [mode, elements]);

  useEffect(() => {
    cy.current?.nodes().forEach((node) => {
      if (picked.has(node.id())) node.addClass('picked');
      else node.removeClass('picked');
    });
  }, [picked, elements]);

  const marks = standingMarks(mode);
  return (
    <div className="ring-graph">
      <div
        ref={container}
        className="ring-graph-canvas"
        style={{ height }}
        role="img"
        aria-label={`Ring graph: ${members.length} accounts, ${elements.edges.length} links`}
      />
      <ul className="ring-graph-legend" aria-label="Legend">
        {standingsShown(members).map((standing) => (
          <li key={standing}>
            <span
              className={`ring-graph-mark ring-graph-mark-${marks[standing].shape}`}
              style={{ background: marks[standing].color }}
            />
            {STANDING_LABELS[standing]}
          </li>
        ))}
        {focusId && (
          <li>
            <span className="ring-graph-mark ring-graph-mark-focus" />
            This account
          </li>
        )}
        <li className="muted">Tap: pick · double tap: open</li>
      </ul>
    </div>
  );
}

// The ring of linked accounts drawn as a graph (Cytoscape.js + fCoSE).
export { RingGraph, type RingGraphProps } from './RingGraph.js';
export {
  LINK_KIND_LABELS,
  memberLabel,
  ringElements,
  type RingGraphLink,
  type RingGraphMember,
  type RingLinkKind,
} from './ring-elements.js';

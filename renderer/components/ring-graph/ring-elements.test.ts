import { describe, expect, it } from 'vitest';
import { ringElements, standingsShown, type RingGraphMember } from './ring-elements.js';

const member = (id: string, userName: string | null, action: 'suspend' | 'ban' | null = null): RingGraphMember => ({
  id,
  userName,
  email: `${id}@example.test`,
  enforcement: action ? { action } : null,
});

describe('a ring as graph elements', () => {
  const members = [member('a', 'ava'), member('b', null, 'ban'), member('c', 'ivy', 'suspend')];

  it('one node per member, named by user name or else email, the focus and standing marked', () => {
    const { nodes } = ringElements(members, [], 'a');
    expect(nodes.map((node) => node.data)).toEqual([
      { id: 'a', label: 'ava', standing: 'none', focus: true },
      { id: 'b', label: 'b@example.test', standing: 'ban', focus: false },
      { id: 'c', label: 'ivy', standing: 'suspend', focus: false },
    ]);
  });

  it.each([
    ['one link, one edge', [{ from: 'a', to: 'b', kind: 'phone' as const }], [['a~b', 'phone']]],
    [
      'two kinds between a pair, either direction: one edge naming both, in a fixed order',
      [
        { from: 'b', to: 'a', kind: 'phone' as const },
        { from: 'a', to: 'b', kind: 'address' as const },
        { from: 'a', to: 'b', kind: 'phone' as const },
      ],
      [['a~b', 'address, phone']],
    ],
    [
      'a link to an account the truncated ring cut off, or to itself: not drawn',
      [
        { from: 'a', to: 'z', kind: 'card' as never },
        { from: 'c', to: 'c', kind: 'email' as const },
        { from: 'c', to: 'a', kind: 'cardFingerprint' as const },
      ],
      [['a~c', 'card']],
    ],
  ])('%s', (_, links, expected) => {
    const { edges } = ringElements(members, links, null);
    expect(edges.map((edge) => [edge.data.id, edge.data.label])).toEqual(expected);
    for (const edge of edges) expect(edge.data.source < edge.data.target).toBe(true);
  });

  it('the legend names only the standings the ring has, in a fixed order', () => {
    expect(standingsShown(members)).toEqual(['none', 'suspend', 'ban']);
    expect(standingsShown([member('x', 'x', 'ban')])).toEqual(['ban']);
  });
});

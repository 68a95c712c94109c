// The words the demo marketplace is written in: names, things for sale, categories and the lines
// of its chats, ratings and auction feeds.
export const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Eli',
  'Ivy',
  'Leo',
  'Ada',
  'Max',
  'Ruby',
  'Finn',
  'Nora',
  'Owen',
];
export const LAST = ['Stone', 'Rivera', 'Chen', 'Patel', 'Kim', 'Novak', 'Silva', 'Berg', 'Moreau', 'Okafor', 'Lind'];
export const THINGS = [
  'Vintage Camera',
  'Trading Card',
  'Vinyl Record',
  'Sneakers',
  'Comic Book',
  'Pocket Watch',
  'Denim Jacket',
  'Board Game',
  'Film Poster',
  'Ceramic Vase',
  'Mechanical Keyboard',
  'Silver Ring',
];
export const ADJECTIVES = ['Rare', 'Mint', 'Signed', 'Classic', 'Limited', 'Retro', 'Handmade', 'Sealed', 'Graded'];
export const CATEGORIES: Record<string, string[]> = {
  Collectibles: ['Trading Cards', 'Coins', 'Stamps', 'Figures'],
  Fashion: ['Sneakers', 'Jackets', 'Watches'],
  Music: ['Vinyl', 'Instruments', 'Posters'],
  Home: ['Ceramics', 'Lighting', 'Textiles'],
  Electronics: ['Cameras', 'Keyboards', 'Audio'],
  Books: ['Comics', 'First Editions'],
};
export const CHAT_LINES = [
  'Is this still available?',
  'Can you ship tomorrow?',
  'Would you take $20 less?',
  'Thanks, got it!',
  'What size is it?',
  'Any scratches on the back?',
  'Sent the payment.',
  'Love it, thank you!',
  'Can you bundle shipping?',
];
export const RATING_LINES = [
  'Great seller, fast shipping',
  'Item as described',
  'Packaging could be better',
  'Arrived damaged but seller helped',
  'Would buy again',
  'Slow to ship',
  null,
];
export const AUCTION_LINES = ['Let’s go!', 'Is the box included?', 'Good luck everyone', 'What a deal', 'Bidding war!'];
export const DESCRIPTION_ENDINGS = [
  'Ships fast.',
  'Smoke-free home.',
  'No returns.',
  'From my personal collection, kept in a display case for years.',
];

/**
 * A small book of original poems used by the page-photo renderer, the extraction tests and the
 * scan benchmark. Bodies follow the product's text rules: '\n' between lines, an empty line
 * between stanzas, leading spaces for indentation (4 spaces per indent step).
 */

export const SAMPLE_POEMS = [
  {
    title: 'The Orchard in Winter',
    body: [
      'The apple trees stand bare along the wall,',
      '    their branches written on a pale grey sky;',
      'my father walked this row before the fall',
      '    and named each tree as we went slowly by.',
      '',
      'He said the cold is only rest for wood,',
      '    that roots keep counting under frozen ground;',
      'I did not know then what he understood,',
      '    that what is silent still can make a sound.',
      '',
      'Now I come back with nothing in my hands',
      '    and listen to the orchard as it sleeps,',
      'and something in the quiet understands',
      '    the promise that a patient winter keeps.',
    ].join('\n'),
  },
  {
    title: 'Letter to My Students',
    body: [
      'You came to me in autumn with your questions',
      'folded small as notes inside your coats,',
      'and I pretended I had all the answers',
      'the way a harbour pretends to hold its boats.',
      '',
      'We read the old poets in a room that smelled',
      'of chalk and rain and radiators warming,',
      '    and someone always laughed at the wrong line,',
      '    and someone always saw the storm was forming.',
      '',
      'I taught you meter as a kind of breathing,',
      'the stress that falls like footsteps on a stair,',
      'and you taught me that nothing worth the keeping',
      'arrives exactly when we say it should be there.',
      '',
      'Some of you wrote to me for twenty years.',
      'Some of you I never heard from again.',
      '        Both kinds of silence I have carried',
      '        the way a field will carry summer rain.',
      '',
      'So here is my last lesson, and my shortest:',
      'read slowly, and forgive the page its flaws;',
      'the line that breaks is not the line that fails,',
      'and every ending keeps a little of its cause.',
      '',
      'When you are old and someone brings you questions',
      'folded small as notes inside their coats,',
      'remember that a harbour holds by letting go,',
      'and turn the lamp up, and take out your notes.',
    ].join('\n'),
  },
  {
    title: 'Small Hours',
    body: [
      'The kettle ticks as it cools down.',
      'A car goes past, then none.',
      '    The clock above the sink keeps time',
      '    for no one, and for everyone.',
      '',
      'I write your name and cross it out',
      'and write it down again.',
      '    The window fills with early light',
      '    the colour of a pen.',
    ].join('\n'),
  },
  {
    title: 'Harbour Lights',
    body: [
      'At dusk the lights come on along the quay,',
      'one by one, as if someone were reading',
      'a list of names aloud across the water',
      'and each name answered when it heard its calling.',
      '',
      'My mother kept a lamp in the front window',
      'for every boat that had not yet come home.',
      'She said the sea forgets, but light remembers,',
      'and she would sit beside it, not alone.',
    ].join('\n'),
  },
  {
    title: 'What the River Said',
    body: [
      'I have been here longer than your bridges,',
      '    longer than the mill and its wheel,',
      '        longer than the names you gave me.',
      '',
      'I carry what you drop without complaining:',
      '    the leaves, the coins, the broken oars,',
      '        the songs you sang when you were younger.',
      '',
      'Go home now. Leave your shoes beside the water.',
      '    I will keep the shape of where you stood',
      '        a little while, the way a mother does.',
    ].join('\n'),
  },
  {
    title: 'Chalk',
    body: [
      'Forty years of chalk upon my sleeves,',
      'forty years of erasing what I wrote.',
      '    The board was never empty, only waiting,',
      '    the way a morning waits for its first note.',
    ].join('\n'),
  },
  {
    title: 'The Last Lecture',
    body: [
      'I stood before the hall the final time',
      'and saw the rows go up like garden terraces,',
      'each face a window lit from somewhere else,',
      'each pen a little oar above the water.',
      '',
      'I had prepared a speech about the sonnet,',
      'its fourteen rooms, its turning in the ninth,',
      'but what I said was something about my mother',
      'and how she sang while hanging out the wash.',
      '',
      '    Nobody wrote it down. That was the point.',
      '    Some things are only meant to pass through air',
      '    and settle on the shoulders of the listeners',
      '    like snow that does not know that it is there.',
      '',
      'Then I collected all my books and papers,',
      'turned off the light above the lectern stand,',
      'and walked out through the door into the evening',
      'with nothing but the chalk dust on my hand.',
      '',
      'The corridor was long and smelled of floor wax.',
      'A student held the door and said goodnight.',
      'I thanked him as if he had given me a country,',
      'and maybe, in that moment, he was right.',
    ].join('\n'),
  },
  {
    title: 'Sparrows',
    body: [
      'They argue on the gutter every morning',
      'about the crumbs, the weather, and the cat.',
      '    I used to think that they were only noise.',
      '    I have grown old enough to hear them chat.',
      '',
      'Forgive me, little neighbours, all the years',
      'I walked beneath you thinking about work.',
      'You kept the small accounts of every season',
      'and never once complained about the dark.',
    ].join('\n'),
  },
];

/**
 * Poems with lines too long for the page's measure: printed, they are turned over (see the
 * renderer); as text, each is still one line.
 */
export const LONG_LINED_POEMS = [
  {
    title: 'Inventory of the Harbour Town',
    body: [
      'I count the boats that winter in the harbour and the ropes that hold them fast against the tide,',
      'the gulls along the breakwater,',
      'the chandler and his lamps and all the brass he polishes for sailors who will never come again,',
      'the widow at her window.',
      '',
      'I count the bells of the three churches and the hours they disagree about each evening in the fog,',
      'the fishmonger, the ferry,',
      'and the children running down the steep stone lanes to meet the last boat home before it is dark.',
    ].join('\n'),
  },
];

/** A rhymed poem whose every line is too long for the measure, so that each turns over. */
export const EVERY_LINE_TURNS_POEMS = [
  {
    title: 'The Shingle at Evening',
    body: [
      'I walked along the shingle where the grey tide turns and frets and sighs,',
      'and every stone was speaking of the years beneath the changing skies;',
      'The wind that came across the water bore the salt of distant days,',
      'and all the boats were sleeping in the shelter of the harbour bays.',
      '',
      'I heard the bells of evening and the voices of the men who row,',
      'the lamps were lit along the quay and swung and flickered to and fro;',
      'And still I walked and listened till the moon rose over hill and town,',
      'and all the little lights went out, and all the quiet stars came down.',
    ].join('\n'),
  },
];

/** A preface in prose (a paragraph a line), then a poem of alternate indents. */
export const PREFACE_AND_POEM = [
  {
    title: 'Preface',
    prose: true,
    body: [
      'These poems were written over many years in the house above the harbour, and most of them were never shown to anyone while she lived. They are printed here as she left them.',
      'We found them in two notebooks and on loose sheets kept in a drawer of her desk, some dated and some not, and we have set them in the order in which they were found.',
      'Where a word could not be read we have left a space, and we have changed nothing else.',
    ].join('\n'),
  },
  {
    title: 'Low Water',
    body: [
      'The tide goes out across the flats',
      '  and leaves the weed along the stone,',
      'The herons wait for turning water',
      '  and every pool holds up the sky.',
    ].join('\n'),
  },
];

/** ISBN-10 check digit (weights 10..2, mod 11, X for ten). */
export function isbn10CheckDigit(nineDigits) {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(nineDigits[i]);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export const SAMPLE_METADATA = {
  title: 'The Orchard Years',
  authors: ['Eleanor Whitfield'],
  publisher: 'Larkspur Press',
  publication_date: 'March 1987',
  isbn: `0-9612345-3-${isbn10CheckDigit('096123453')}`,
  city: 'Montpelier, Vermont',
};

/** The sample book: metadata, poems, and where printing starts. */
export function sampleBook(overrides = {}) {
  return {
    ...SAMPLE_METADATA,
    poems: SAMPLE_POEMS,
    firstPageNumber: 11,
    ...overrides,
  };
}
